import { readFileSync } from 'node:fs';
import { SCORING_PRESETS, type KnockoutBasis } from '../../../shared/domain/scoring';
import { seededRandom } from '../../../shared/domain/seededRandom';
import { createUserWithToken } from '../../testing/fixtures';
import { describeEachDb } from '../../testing/harness';
import { openfootballFiles, skippedWithoutData } from '../../testing/openfootballData';
import { withMatchCompetitions } from '../../testing/betCompetitions';
import { betsWithPoints, memberStandings } from '../../testing/standingsReads';
import { createLeague } from '../../features/resultBets/testing/betsTestFixture';
import { importOpenfootball } from '../competitionUpdates/importService';
import { advanceReplays } from '../competitionUpdates/reveal';
import { verifyLeagueLogs } from '../leagueLog/verifyLog';
import { settleResultJobs } from '../resultJobs/testing/settleResultJobs';
import { logSealedOdds } from './oddsSeals';

jest.setTimeout(600_000);

const data = openfootballFiles('odds scoring oracle (World Cup 2022)', 'worldcup-2022.json');
const describeIfData = data ? describeEachDb
  : (name: string, body: Parameters<typeof describeEachDb>[1]) => describe.skip(skippedWithoutData(name), () => body(() => undefined as never));

/** The file's own record of a match: teams, and the scores after 90 minutes, extra time and the shoot-out. */
interface FileMatch { date: string; team1: string; team2: string; round: string; score: { ft: [number, number]; et?: [number, number]; p?: [number, number] } }

const HOUR = 3_600_000;
const ODDS = SCORING_PRESETS.odds;

/**
 * The oracle: what a bet earns in an odds league, worked out here from the file's results and the chances the
 * league's log sealed, by the rule as docs/fair-odds.md states it (not through the scoring code): a right
 * tendency earns round(base / p) within [base, maximum], plus goal difference (not on a draw) and exact.
 */
function oraclePoints(
  bet: { local: number; visiting: number }, match: FileMatch, sealed: SealedEntry, basis: KnockoutBasis, knockout: boolean,
): number {
  let [local, visiting] = match.score.ft;
  let [home, draw, away] = [sealed.home, sealed.draw, sealed.away];
  if (knockout && basis === 'penalties') {
    [local, visiting] = match.score.et ?? match.score.ft;
    if (match.score.p) { if (match.score.p[0] > match.score.p[1]) local += 1; else visiting += 1; }
    [home, draw, away] = [sealed.through!.home, 0, sealed.through!.away];
  }
  const sign = Math.sign(local - visiting);
  if (Math.sign(bet.local - bet.visiting) !== sign) return 0;
  const p = sign === 1 ? home : sign === 0 ? draw : away;
  const tendency = Math.min(ODDS.quote_max, Math.max(ODDS.tendency, Math.round((ODDS.tendency * 10_000) / Math.max(p, 1))));
  const goalDifference = sign !== 0 && bet.local - bet.visiting === local - visiting ? ODDS.goal_difference : 0;
  const exact = bet.local === local && bet.visiting === visiting ? ODDS.exact : 0;
  return tendency + goalDifference + exact;
}

interface SealedEntry { match_id: number; home: number; draw: number; away: number; through: { home: number; away: number } | null }

describeIfData('odds scoring oracle on the 2022 World Cup', (ctx) => {
  it('every bet of two odds leagues (90 minutes; penalties) scores what the sealed chances in their logs and the results give', async () => {
    const t = ctx();
    const { db } = t.deps;
    const file = JSON.parse(readFileSync(data![0], 'utf8')) as { matches: FileMatch[] };
    // Imported as a replay: every result is held back and recorded as its match ends, as a live tournament's would be.
    const { competitionId } = await importOpenfootball(db, { source: data![0], replay: true, now: t.clock.now() });
    const users = await Promise.all([0, 1, 2, 3].map(() => createUserWithToken(t.deps)));
    const leagues: { id: number; basis: KnockoutBasis }[] = [];
    for (const basis of ['regular', 'penalties'] as const) {
      leagues.push({ basis, id: await createLeague(db, {
        competitionId, ownerId: users[0].id, members: users.map((u) => ({ id: u.id })), scoring: ODDS, knockout_basis: basis,
      }) });
    }
    const matches = await db.selectFrom('matches').select(['id', 'date', 'round_id', 'external_key']).where('competition_id', '=', competitionId)
      .orderBy('date').orderBy('id').execute();
    expect(matches).toHaveLength(64);
    // Every member bets on every match before the tournament: scores of 0 to 3 goals a side, the same in both leagues.
    const random = seededRandom(2022);
    const bets = users.flatMap((user) => matches.map((m) => ({ user_id: user.id, match_id: Number(m.id), local_goals: Math.floor(random() * 4), visiting_goals: Math.floor(random() * 4) })));
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, leagues.flatMap((league) =>
      bets.map((b) => ({ ...b, league_id: league.id, updated_at: t.clock.now() }))))).execute();

    // The tournament plays out: results come in as matches end; chances are sealed at each deadline on the way.
    const end = Math.max(...matches.map((m) => Number(m.date))) + 6 * HOUR;
    while (t.clock.now() < end) {
      t.clock.advance(2 * HOUR);
      await advanceReplays(db, t.clock.now(), competitionId);
    }
    await settleResultJobs(t.deps);
    await logSealedOdds(db, { now: t.clock.now(), key: t.deps.logKey });
    expect((await verifyLeagueLogs(db, t.deps.logKey)).breaks).toEqual([]);

    // The file's matches, keyed as the importer keys them (by teams, in order of kickoff).
    const names = new Map((await db.selectFrom('matches as m').innerJoin('teams as l', 'l.id', 'm.local_team_id').innerJoin('teams as v', 'v.id', 'm.visiting_team_id')
      .select(['m.id', 'l.team_name as local', 'v.team_name as visiting']).where('m.competition_id', '=', competitionId).execute())
      .map((m) => [Number(m.id), `${m.local}|${m.visiting}`]));
    const fileMatch = new Map(file.matches.map((m) => [`${m.team1}|${m.team2}`, m]));
    const roundOf = new Map(matches.map((m) => [Number(m.id), Number(m.round_id)]));
    for (const league of leagues) {
      const entries = (await db.selectFrom('league_log').select(['action', 'details']).where('league_id', '=', league.id).execute())
        .filter((e) => e.action === 'odds.sealed').map((e) => JSON.parse(e.details) as SealedEntry);
      expect(entries).toHaveLength(64);
      const sealed = new Map(entries.map((e) => [e.match_id, e]));
      const expected = new Map<number, number>();
      const scored = await betsWithPoints(db, { leagueId: league.id });
      expect(scored).toHaveLength(4 * 64);
      for (const bet of scored) {
        const match = fileMatch.get(names.get(bet.match_id)!)!;
        const knockout = !match.round.startsWith('Matchday');
        expect(knockout).toBe(roundOf.get(bet.match_id)! > 1);
        const points = oraclePoints({ local: bet.local_goals!, visiting: bet.visiting_goals! }, match, sealed.get(bet.match_id)!, league.basis, knockout);
        expect({ match: names.get(bet.match_id), points: bet.points }).toEqual({ match: names.get(bet.match_id), points });
        expected.set(bet.user_id, (expected.get(bet.user_id) ?? 0) + points);
      }
      for (const member of (await memberStandings(db, league.id)).values()) expect(member.points_league).toBe(expected.get(member.user_id));
    }
  });
}, { now: '2022-11-01T00:00:00Z' });
