import type { UserDataSection } from '../../domain/userData/userDataSection';
import { isoTime } from '../../domain/userData/userDataSection';

/** The user's round picks (teams) and top-scorer picks (people) in every league, with their points once scored. */
export const picksUserData: UserDataSection = {
  name: 'picks',
  async collect(db, userId) {
    const rounds = await db.selectFrom('round_bets as b').innerJoin('leagues as l', 'l.id', 'b.league_id')
      .innerJoin('league_rules as r', 'r.id', 'b.league_rule_id').innerJoin('rounds as ro', 'ro.id', 'r.round_id')
      .innerJoin('teams as t', 't.id', 'b.team_id')
      .select(['b.league_id', 'l.name as league', 'ro.name as round', 't.team_name as team', 'b.mode', 'b.points', 'b.updated_at'])
      .where('b.user_id', '=', userId).orderBy('b.league_id').orderBy('b.id').execute();
    const people = await db.selectFrom('person_bets as b').innerJoin('leagues as l', 'l.id', 'b.league_id')
      .innerJoin('league_rules as r', 'r.id', 'b.league_rule_id').innerJoin('rounds as ro', 'ro.id', 'r.round_id')
      .innerJoin('people as p', 'p.id', 'b.person_id')
      .select(['b.league_id', 'l.name as league', 'ro.name as round', 'p.name as person', 'b.mode', 'b.points', 'b.updated_at'])
      .where('b.user_id', '=', userId).orderBy('b.league_id').orderBy('b.id').execute();
    const common = (b: { league_id: number; league: string; round: string; mode: number; points: number | null; updated_at: number }) => ({
      league_id: Number(b.league_id), league: b.league, round: b.round, simulation: Number(b.mode) !== 0,
      points: b.points === null ? null : Number(b.points), updated_at: isoTime(b.updated_at),
    });
    return {
      rounds: rounds.map((b) => ({ ...common(b), team: b.team })),
      people: people.map((b) => ({ ...common(b), person: b.person })),
    };
  },
  async forget(trx, userId) {
    await trx.deleteFrom('round_bets').where('user_id', '=', userId).execute();
    await trx.deleteFrom('person_bets').where('user_id', '=', userId).execute();
  },
};
