import { CUP_DEFAULT_POINTS, ROUND } from '../../shared/domain/rounds';
import { createCompetitionPartitions } from '../platform/db/competitionPartitions';
import type { Executor } from '../platform/db/database';

const HOUR = 3_600_000;

export interface CupFixture {
  competitionId: number;
  teamIds: number[];
  groupIds: number[];
  /** Group matches in date order. */
  groupMatchIds: number[];
  /** Knockout matches (teams unknown), semi-finals then the final. */
  knockoutMatchIds: number[];
  ruleIds: Record<number, number>;
}

/**
 * A small cup straight into the database: `groups` groups of 4 teams playing a single round robin
 * (6 matches a group, two matchdays a day apart per pair of rounds), then 2 semi-finals and a final.
 * The first kickoff is at `start`; matchdays are numbered 1..n in date order.
 */
export async function createCup(db: Executor, options: { start: number; groups?: number; name?: string }): Promise<CupFixture> {
  const groups = options.groups ?? 2;
  const now = options.start;
  const { id: competitionId } = await db.insertInto('competitions')
    .values({ name: options.name ?? 'Test Cup', competition_type: 'cup', provider: 'manual', created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await createCompetitionPartitions(db, competitionId);
  const teamIds: number[] = [];
  const groupIds: number[] = [];
  const groupMatchIds: number[] = [];
  const letters = 'ABCDEFGHIJKL';
  for (let g = 0; g < groups; g++) {
    const { id: groupId } = await db.insertInto('groups').values({ competition_id: competitionId, name: `Group ${letters[g]}` })
      .returning('id').executeTakeFirstOrThrow();
    groupIds.push(groupId);
    const ids: number[] = [];
    for (let t = 0; t < 4; t++) {
      const name = `Team ${letters[g]}${t + 1}`;
      const { id } = await db.insertInto('teams')
        .values({ team_name: name, abbreviation: `${letters[g]}${t + 1}`.padEnd(3, 'X'), flag: null, is_flag: 0, colors: '["#ff0000","#ffffff"]', external_key: `fixture:${competitionId}:${name}` })
        .returning('id').executeTakeFirstOrThrow();
      ids.push(id);
      await db.insertInto('group_teams').values({ group_id: groupId, team_id: id }).execute();
      await db.insertInto('competition_teams').values({ competition_id: competitionId, team_id: id }).execute();
    }
    teamIds.push(...ids);
    // Round robin: matchday 1: 0-1, 2-3; matchday 2: 0-2, 1-3; matchday 3: 0-3, 1-2.
    const pairs = [[0, 1, 1], [2, 3, 1], [0, 2, 2], [1, 3, 2], [0, 3, 3], [1, 2, 3]];
    for (const [a, b, matchday] of pairs) {
      const date = now + (matchday - 1) * 24 * HOUR + g * 3 * HOUR;
      const { id } = await db.insertInto('matches').values({
        competition_id: competitionId, group_id: groupId, round_id: ROUND.GROUP_STAGE, matchday,
        local_team_id: ids[a], visiting_team_id: ids[b], date, updated_at: now,
        external_key: `g${g}-${a}-${b}`,
      }).returning('id').executeTakeFirstOrThrow();
      groupMatchIds.push(id);
    }
  }
  groupMatchIds.sort((x, y) => x - y);
  const knockoutMatchIds: number[] = [];
  const knockouts: [number, number, string, string][] = [
    [ROUND.SEMI_FINALS, 4, '1A', '2B'], [ROUND.SEMI_FINALS, 4, '1B', '2A'], [ROUND.FINAL, 5, 'W1', 'W2'],
  ];
  for (const [i, [roundId, matchday, lp, vp]] of knockouts.entries()) {
    const { id } = await db.insertInto('matches').values({
      competition_id: competitionId, group_id: null, round_id: roundId, matchday,
      local_team_id: null, visiting_team_id: null, local_placeholder: lp, visiting_placeholder: vp,
      date: now + (matchday - 1) * 24 * HOUR + i * 3 * HOUR, updated_at: now, external_key: `ko${i}`,
    }).returning('id').executeTakeFirstOrThrow();
    knockoutMatchIds.push(id);
  }
  const ruleIds: Record<number, number> = {};
  for (const [roundId, picks] of [[ROUND.SEMI_FINALS, 4], [ROUND.FINAL, 2], [ROUND.CHAMPION, 1], [ROUND.TOP_SCORER, 1]]) {
    const { id } = await db.insertInto('league_rules')
      .values({ competition_id: competitionId, round_id: roundId, picks, points_per_hit: CUP_DEFAULT_POINTS[roundId] ?? 1 })
      .returning('id').executeTakeFirstOrThrow();
    ruleIds[roundId] = id;
  }
  return { competitionId, teamIds, groupIds, groupMatchIds, knockoutMatchIds, ruleIds };
}
