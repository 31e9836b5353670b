import { openfootballFiles, skippedWithoutData } from '../testing/openfootballData';
import { readFileSync } from 'node:fs';
import { findNationalTeam } from '../../shared/domain/teams';
import { importOpenfootball } from '../domain/competitionUpdates/importService';
import { describeEachDb, type TestApp } from '../testing/harness';
import { DAY, HOUR, MINUTE, createPlayer, inChunks, ok, prng, verifyEmailByLink, type Player } from './acceptanceKit';
import { settleResultJobs } from '../domain/resultJobs/testing/settleResultJobs';

/**
 * The real World Cup 2026 replayed through the API in three leagues, and after each round
 * every table row compared with a deliberately plain computation written here from the raw facts (the bets
 * placed and the file's results), never with the production scoring code.
 */

const data = openfootballFiles('worldCupReplay', 'worldcup-2026.json');
const FILE = data?.[0] ?? '';

// ---------------------------------------------------------------------------------------------------------------
// The raw facts, read from the file by this test.

const ROUND_OF_LABEL: Record<string, number> = {
  'Round of 32': 3, 'Round of 16': 4, 'Quarter-final': 5, 'Semi-final': 6, Final: 7, 'Match for third place': 9,
};
const KNOCKOUT_PICK_ROUNDS = [3, 4, 5, 6, 7];
const CHAMPION = 8;
const TOP_SCORER = 10;

interface FileMatch {
  num: number; round: number; date: string; kickoff: number; matchday: number;
  team1: string; team2: string; ft: [number, number]; et: [number, number] | null; p: [number, number] | null;
  goals: { team: string; name: string }[];
}

/** The name the app gives a national team the file may spell otherwise ("Bosnia & Herzegovina"): the shared catalogue's. */
const servedName = (name: string) => findNationalTeam(name)?.name ?? name;

function readWorldCup(): FileMatch[] {
  const raw = JSON.parse(readFileSync(FILE, 'utf8')) as { matches: any[] };
  const dates = [...new Set(raw.matches.map((m) => m.date as string))].sort();
  return raw.matches.map((m, i) => {
    const time = /^(\d\d):(\d\d) UTC([+-]\d+)$/.exec(m.time);
    if (!time) throw new Error(`unexpected time ${m.time}`);
    const [y, mo, d] = (m.date as string).split('-').map(Number);
    const kickoff = Date.UTC(y, mo - 1, d, Number(time[1]), Number(time[2])) - Number(time[3]) * HOUR;
    const goals: FileMatch['goals'] = [];
    const [team1, team2] = [servedName(m.team1), servedName(m.team2)];
    for (const [list, team] of [[m.goals1, team1], [m.goals2, team2]] as const) {
      for (const g of list ?? []) if (!g.owngoal) goals.push({ team, name: g.name });
    }
    return {
      num: i + 1, round: /^Matchday \d+$/.test(m.round) ? 1 : ROUND_OF_LABEL[m.round], date: m.date, kickoff,
      // A cup numbers its match days 1..n in date order.
      matchday: dates.indexOf(m.date) + 1,
      team1, team2, ft: m.score.ft, et: m.score.et ?? null, p: m.score.p ?? null, goals,
    };
  });
}

/**
 * A replayed match plays out from its kickoff and its result is in at the final whistle: within 2 h for a match
 * decided in 90 minutes (with this file's stoppage times), within 3 h for one that went to extra time.
 */
const resultInAt = (m: FileMatch) => m.kickoff + (m.et ? 3 : 2) * HOUR;

const sign = (a: number, b: number) => (a > b ? 1 : a < b ? -1 : 0);

/** Who went through: the score after extra time, then penalties. */
function tieWinner(m: FileMatch): string {
  const [a, b] = m.et ?? m.ft;
  if (a !== b) return a > b ? m.team1 : m.team2;
  return m.p![0] > m.p![1] ? m.team1 : m.team2;
}

// ---------------------------------------------------------------------------------------------------------------
// The leagues and the ledger of what every member did.

interface LeagueSpec {
  key: 'A' | 'B' | 'C';
  settings: Record<string, unknown>;
  /** Indexes into the 20 players; the first is the owner. */
  members: number[];
  departments?: Record<number, string>;
}

const LEAGUES: LeagueSpec[] = [
  {
    key: 'A', members: Array.from({ length: 20 }, (_, i) => i),
    settings: {
      bets_system: 'exact', points_system: 'winner_and_goals', playoff_results_points: true,
      round_bets_enabled: false, person_bets_enabled: false, allow_join: true,
    },
  },
  {
    key: 'B', members: [3, 0, 1, 2, 4, 5, 6, 8, 10, 12, 14, 16],
    settings: {
      bets_system: 'sign', points_system: 'winner', playoff_results_points: true, knockout_basis: 'extra_time',
      round_bets_enabled: false, person_bets_enabled: false,
    },
  },
  {
    key: 'C', members: [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
    settings: {
      bets_system: 'exact', points_system: 'winner', playoff_results_points: false,
      round_bets_enabled: true, person_bets_enabled: true,
    },
    departments: { 7: 'Sales', 8: 'Sales', 9: 'IT', 10: 'IT', 11: 'IT', 12: 'Ops', 13: 'Ops', 14: 'Sales', 15: 'Ops', 16: 'IT', 17: 'Legal' },
  },
];

const NAMES = [
  'Ana', 'álvaro', 'Bruno', 'beatriz', 'Carla', 'César', 'Diego', 'Elena', 'Émile', 'Fran',
  'Gabi', 'Hugo', 'Inés', 'Iván', 'Jon', 'Lucía', 'Marta', 'Nico', 'Óscar', 'Zoe',
];

interface LeagueState {
  spec: LeagueSpec;
  id: number;
  members: Player[];
  /** user id -> match num -> [local, visiting] (only bets that stand). */
  bets: Map<number, Map<number, [number, number]>>;
  /** user id -> picks: rule round id -> team names. */
  roundPicks: Map<number, Map<number, Set<string>>>;
  personPicks: Map<number, { team: string; name: string }[]>;
  ruleIds: Map<number, number>;
  rulePoints: Map<number, number>;
}

// ---------------------------------------------------------------------------------------------------------------
// The plain computation of result points and table rows.

const played = (league: LeagueState, m: FileMatch) => m.round === 1 || league.spec.settings.playoff_results_points === true;

/** The score a league scores against: 90 minutes (extra_time leagues: after extra time in knockouts). */
const scoredResult = (league: LeagueState, m: FileMatch): [number, number] =>
  (m.round !== 1 && league.spec.settings.knockout_basis === 'extra_time' && m.et ? m.et : m.ft);

/**
 * Result points against the scored result: the right sign 2; the exact system with winner_and_goals adds 1 for
 * each side's goals right and 1 for the exact result.
 */
function resultPoints(league: LeagueState, m: FileMatch, bet: [number, number]): number {
  const [rl, rv] = scoredResult(league, m);
  let points = sign(bet[0], bet[1]) === sign(rl, rv) ? 2 : 0;
  if (league.spec.settings.bets_system === 'exact' && league.spec.settings.points_system === 'winner_and_goals') {
    if (bet[0] === rl) points += 1;
    if (bet[1] === rv) points += 1;
    if (bet[0] === rl && bet[1] === rv) points += 1;
  }
  return points;
}

/** The table's hit counters, which its tie-breaks compare (the sign system counts only tendencies). */
function hits(league: LeagueState, m: FileMatch, bet: [number, number]) {
  const [rl, rv] = scoredResult(league, m);
  const exactSystem = league.spec.settings.bets_system === 'exact';
  return {
    tendency: sign(bet[0], bet[1]) === sign(rl, rv),
    goal_difference: exactSystem && rl !== rv && bet[0] - bet[1] === rl - rv,
    exact: exactSystem && bet[0] === rl && bet[1] === rv,
  };
}

interface ExpectedRow {
  user_id: number; user_name: string; department: string | null; points_by_matchday: Record<string, number>;
  points_league: number; points_rounds: number; points_people: number; points: number;
  points_matchday: number; position: number; matchday_wins: number;
  exact_hits: number; goal_difference_hits: number; tendency_hits: number; points_bonus: number;
}

interface World {
  matches: FileMatch[];
  /** Server-side facts the schedule depends on: which knockout rounds have every team drawn. */
  drawnRounds: Set<number>;
}

/** Half up to one decimal, on integers (no float surprises): sum/n. */
const averageOneDecimal = (sum: number, n: number) => Math.floor((sum * 20 + n) / (2 * n)) / 10;

const byName = new Intl.Collator('en').compare;

function rankRows<T extends { points: number; position: number }>(rows: T[], name: (row: T) => string): T[] {
  rows.sort((a, b) => b.points - a.points || byName(name(a), name(b)));
  rows.forEach((row, i) => { row.position = i > 0 && rows[i - 1].points === row.points ? rows[i - 1].position : i + 1; });
  return rows;
}

function expectedTable(league: LeagueState, world: World, now: number, requested?: number) {
  const revealed = world.matches.filter((m) => resultInAt(m) <= now);
  const revealedNums = new Set(revealed.map((m) => m.num));
  const started = world.matches.some((m) => m.kickoff <= now);
  const finished = revealed.length === world.matches.length;

  // Goals so far per person (team|name), own goals excluded.
  const goals = new Map<string, number>();
  for (const m of revealed) for (const g of m.goals) goals.set(`${g.team}|${g.name}`, (goals.get(`${g.team}|${g.name}`) ?? 0) + 1);
  const allGoals = new Map<string, number>();
  for (const m of world.matches) for (const g of m.goals) allGoals.set(`${g.team}|${g.name}`, (allGoals.get(`${g.team}|${g.name}`) ?? 0) + 1);
  const topGoals = Math.max(...allGoals.values());

  const final = world.matches.find((m) => m.round === 7)!;
  const rows: ExpectedRow[] = league.members.map((member) => {
    const byMatchday: Record<string, number> = {};
    const counters = { exact_hits: 0, goal_difference_hits: 0, tendency_hits: 0 };
    for (const [num, bet] of league.bets.get(member.id) ?? []) {
      if (!revealedNums.has(num)) continue;
      const m = world.matches[num - 1];
      if (!played(league, m)) continue;
      byMatchday[m.matchday] = (byMatchday[m.matchday] ?? 0) + resultPoints(league, m, bet);
      const hit = hits(league, m, bet);
      counters.exact_hits += Number(hit.exact);
      counters.goal_difference_hits += Number(hit.goal_difference);
      counters.tendency_hits += Number(hit.tendency);
    }
    let rounds = 0;
    for (const [roundId, teams] of league.roundPicks.get(member.id) ?? []) {
      for (const team of teams) {
        if (KNOCKOUT_PICK_ROUNDS.includes(roundId) && world.drawnRounds.has(roundId)) {
          const plays = world.matches.some((m) => m.round === roundId && (m.team1 === team || m.team2 === team));
          if (plays) rounds += league.rulePoints.get(roundId)!;
        }
        if (roundId === CHAMPION && revealedNums.has(final.num) && tieWinner(final) === team) rounds += league.rulePoints.get(CHAMPION)!;
      }
    }
    let people = 0;
    if (started) {
      for (const person of league.personPicks.get(member.id) ?? []) {
        const key = `${person.team}|${person.name}`;
        people += (goals.get(key) ?? 0) * league.rulePoints.get(TOP_SCORER)!;
        if (finished && (allGoals.get(key) ?? 0) === topGoals) people += 5;
      }
    }
    const pointsLeague = Object.values(byMatchday).reduce((a, b) => a + b, 0);
    return {
      user_id: member.id, user_name: member.name, department: league.spec.departments?.[league.spec.members[league.members.indexOf(member)]] ?? null,
      points_by_matchday: byMatchday, points_league: pointsLeague, points_rounds: rounds, points_people: people,
      points: pointsLeague + rounds + people, points_matchday: 0, position: 0, matchday_wins: 0, ...counters, points_bonus: 0,
    };
  });

  // Matchday winners: every match of the day revealed, the best score, if anybody scored.
  const matchdays = [...new Set(world.matches.map((m) => m.matchday))];
  const winnersOf = new Map<number, number[]>();
  for (const day of matchdays) {
    if (!world.matches.filter((m) => m.matchday === day).every((m) => revealedNums.has(m.num))) continue;
    const best = Math.max(0, ...rows.map((r) => r.points_by_matchday[day] ?? 0));
    if (best === 0) continue;
    const winners = rows.filter((r) => r.points_by_matchday[day] === best);
    winners.forEach((r) => { r.matchday_wins += 1; });
    winnersOf.set(day, winners.map((r) => r.user_id).sort((a, b) => a - b));
  }
  const lastPlayed = revealed.length === 0 ? null : Math.max(...revealed.map((m) => m.matchday));
  // points_matchday is of the requested matchday, else the last played one.
  const matchday = requested ?? lastPlayed;
  for (const row of rows) row.points_matchday = matchday === null ? 0 : row.points_by_matchday[matchday] ?? 0;
  rankRows(rows, (r) => r.user_name);

  const departments = [...new Set(rows.map((r) => r.department).filter((d): d is string => d !== null))].map((name) => {
    const people = rows.filter((r) => r.department === name);
    const avg = (field: 'points_league' | 'points_rounds' | 'points_people' | 'points' | 'points_matchday') =>
      averageOneDecimal(people.reduce((sum, p) => sum + p[field], 0), people.length);
    return {
      name, people: people.length, points_league: avg('points_league'), points_rounds: avg('points_rounds'),
      points_people: avg('points_people'), points: avg('points'), points_matchday: avg('points_matchday'), position: 0,
    };
  });
  rankRows(departments, (d) => d.name);

  return {
    // A league this small is one page: every member, from the first row.
    users: rows, offset: 0, total_users: rows.length, departments, matchday, last_played_matchday: lastPlayed,
    matchday_winner_ids: matchday === null ? [] : winnersOf.get(matchday) ?? [],
    matchday_winners: [...winnersOf].sort(([a], [b]) => a - b).map(([day, userIds]) => ({ matchday: day, user_ids: userIds })),
    // No tie-breaks in these leagues: equal points share a position.
    tie_breaks: [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The replay.

const run = data ? it : (name: string, test: jest.ProvidesCallback, timeout?: number) => it.skip(skippedWithoutData(name), test, timeout);

describeEachDb('acceptance: the World Cup 2026 replayed in three leagues', (ctx) => {
  run('scores every table row after each round exactly as the plain rules say', async () => {
    const t: TestApp = ctx();
    const matches = readWorldCup();
    const summary = await importOpenfootball(t.deps.db, { source: FILE, shiftTo: t.clock.now() + DAY, replay: true, now: t.clock.now() });
    const competitionId = summary.competitionId;
    const shift = t.clock.now() + DAY - Math.min(...matches.map((m) => m.kickoff));
    for (const m of matches) m.kickoff += shift;

    const admin = await createPlayer(t.deps, { name: 'Admin', is_admin: true });
    const players: Player[] = [];
    for (const name of NAMES) players.push(await createPlayer(t.deps, { name }));

    // The server's schedule is the file's, shifted; numbered by date; teams by name.
    const teams = new Map<string, number>((await ok(t, 'GET', `/teams/index/${competitionId}`, null)).map((team: any) => [team.team_name, team.id]));
    const teamName = new Map([...teams].map(([name, id]) => [id, name]));
    const served: any[] = await ok(t, 'GET', `/matches/index/${competitionId}`, null);
    expect(served).toHaveLength(matches.length);
    const matchIdOf = new Map<number, number>();
    const numOfId = new Map<number, number>();
    for (const m of matches) {
      // Knockout teams are hidden until decided, so those matches are found by round and kickoff.
      const s = served.find((x) => x.round_id === m.round && x.local_team_id === teams.get(m.team1) && x.visiting_team_id === teams.get(m.team2))
        ?? served.find((x) => x.round_id === m.round && x.local_team_id === null && x.date === new Date(m.kickoff).toISOString()
          && !numOfId.has(x.id));
      expect({ num: m.num, found: !!s }).toEqual({ num: m.num, found: true });
      expect({ num: m.num, date: s.date, matchday: s.matchday, finished: s.finished })
        .toEqual({ num: m.num, date: new Date(m.kickoff).toISOString(), matchday: m.matchday, finished: false });
      matchIdOf.set(m.num, s.id);
      numOfId.set(s.id, m.num);
    }

    // The three leagues, through the API: created by their owners, joined three different ways.
    const states: LeagueState[] = [];
    for (const spec of LEAGUES) {
      const owner = players[spec.members[0]];
      const created = await ok(t, 'POST', '/leagues', owner.token, {
        league: { name: `Replay ${spec.key}`, competition_id: competitionId, ...spec.settings },
      });
      const league = created.league;
      expect(league).toMatchObject({ ...spec.settings, owner_id: owner.id, members_count: 1 });
      for (const index of spec.members.slice(1)) {
        const player = players[index];
        if (spec.key === 'A') {
          await ok(t, 'POST', '/leagues/join', player.token, { league_id: league.id });
        } else if (spec.key === 'B') {
          await ok(t, 'POST', '/leagues/join', player.token, { league_id: league.id, invitation_token: league.share_token });
        } else {
          await ok(t, 'POST', '/invitations', owner.token, { league_id: league.id, email: player.email });
          // Only a verified address claims an invitation: the player opens the mailed link first.
          await verifyEmailByLink(t, player, `192.0.2.${index + 1}`);
          const mine: any[] = await ok(t, 'GET', '/invitations/mine', player.token);
          const invitation = mine.find((i) => i.league.id === league.id);
          await ok(t, 'POST', '/leagues/join', player.token, { league_id: league.id, invitation_token: invitation.token });
        }
      }
      for (const [index, department] of Object.entries(spec.departments ?? {})) {
        // The owner sets departments; one member sets their own.
        const who = Number(index) === 17 ? players[17] : owner;
        await ok(t, 'POST', '/leagues/update_department', who.token, { league_id: league.id, user_id: players[Number(index)].id, department });
      }
      const members: any[] = await ok(t, 'GET', `/leagues/leagues_users/${league.id}`, owner.token);
      expect(members.map((m) => m.user_id).sort((a, b) => a - b)).toEqual(spec.members.map((i) => players[i].id).sort((a, b) => a - b));
      const rules: any[] = await ok(t, 'GET', `/leagues/league_rules/${league.id}`, owner.token);
      states.push({
        spec, id: league.id, members: spec.members.map((i) => players[i]),
        bets: new Map(), roundPicks: new Map(), personPicks: new Map(),
        ruleIds: new Map(rules.map((r) => [r.round_id, r.id])), rulePoints: new Map(rules.map((r) => [r.round_id, r.points_per_hit])),
      });
    }
    const leagueC = states[2];
    expect([...leagueC.ruleIds.keys()].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 10]);

    // Result bets of a phase: each member reads each matchday's rows and bets (sometimes skipping, editing, clearing).
    async function betOn(matchdays: number[]) {
      const jobs = states.flatMap((league) => league.members.map((member) => ({ league, member })));
      await inChunks(jobs, 8, async ({ league, member }) => {
        const r = prng(league.id * 1000 + member.id * 7 + matchdays[0]);
        const mine = league.bets.get(member.id) ?? new Map<number, [number, number]>();
        league.bets.set(member.id, mine);
        for (const day of matchdays) {
          const rows: any[] = await ok(t, 'GET', `/result_bets/index/${league.id}?matchday=${day}`, member.token);
          const expectedNums = matches.filter((m) => m.matchday === day && played(league, m)).map((m) => m.num).sort((a, b) => a - b);
          expect(rows.map((row) => numOfId.get(row.match_id)).sort((a, b) => a! - b!)).toEqual(expectedNums);
          for (const row of rows) {
            expect(row).toMatchObject({ user_id: member.id, allow_edit_bets: true, points: null, result_established: false });
            if (r.chance(0.08)) continue;
            const guess = (): [number, number] => (league.spec.settings.bets_system === 'sign'
              ? r.pick<[number, number]>([[1, 0], [0, 0], [0, 1]])
              : [r.pick([0, 0, 1, 1, 1, 2, 2, 3, 4]), r.pick([0, 0, 1, 1, 1, 2, 2, 3])]);
            let value: [number, number] | null = guess();
            if (r.chance(0.06)) {
              await ok(t, 'POST', '/result_bets/update_result_bet', member.token, { result_bet_id: row.id, local_goals: value[0], visiting_goals: value[1] });
              value = r.chance(0.5) ? null : guess();
            }
            const saved = await ok(t, 'POST', '/result_bets/update_result_bet', member.token, {
              result_bet_id: row.id, local_goals: value?.[0] ?? null, visiting_goals: value?.[1] ?? null,
            });
            expect([saved.local_goals, saved.visiting_goals]).toEqual(value ?? [null, null]);
            const num = numOfId.get(row.match_id)!;
            if (value) mine.set(num, value); else mine.delete(num);
          }
        }
      });
    }

    // Round picks of league C, from the teams the server still accepts for that rule; a toggle now and then.
    async function pickRound(roundId: number, least: number) {
      const ruleId = leagueC.ruleIds.get(roundId)!;
      await inChunks(leagueC.members, 6, async (member) => {
        const r = prng(roundId * 100 + member.id);
        const eligible: number[] = await ok(t, 'GET', `/round_bets/elegible_team_ids/${leagueC.id}/${ruleId}/${member.id}`, member.token);
        const rule = { picks: (await ok(t, 'GET', `/leagues/league_rules/${leagueC.id}`, member.token)).find((x: any) => x.id === ruleId).picks };
        const chosen = r.sample(eligible, Math.min(eligible.length, r.int(least, rule.picks)));
        const mine = leagueC.roundPicks.get(member.id) ?? new Map<number, Set<string>>();
        leagueC.roundPicks.set(member.id, mine);
        const set = new Set<string>();
        for (const team of chosen) {
          const body = { league_id: leagueC.id, league_rule_id: ruleId, team_id: team, user_id: member.id };
          await ok(t, 'POST', '/round_bets/fill_round_bet', member.token, body);
          set.add(teamName.get(team)!);
          if (r.chance(0.1)) {
            await ok(t, 'POST', '/round_bets/clear_round_bet', member.token, body);
            set.delete(teamName.get(team)!);
          }
        }
        mine.set(roundId, set);
        const stored: any[] = await ok(t, 'GET', `/round_bets/index/${leagueC.id}`, member.token);
        const ofRule = stored.find((x) => x.league_rule.id === ruleId);
        expect(ofRule.bets.map((b: any) => teamName.get(b.team_id)).sort()).toEqual([...set].sort());
      });
    }

    // Top-scorer candidates: the file's scorers (by this test's own count) and two who never score.
    const people: any[] = await ok(t, 'GET', `/people/index/${competitionId}`, null);
    const scorerCount = new Map<string, number>();
    for (const m of matches) for (const g of m.goals) scorerCount.set(`${g.team}|${g.name}`, (scorerCount.get(`${g.team}|${g.name}`) ?? 0) + 1);
    // Teams whose files name a scorer by surname only are left out: who that is belongs to the importer's tests.
    const aliasTeams = new Set(matches.flatMap((m) => m.goals).filter((g) => !g.name.includes(' ')).map((g) => g.team));
    const candidates = [...scorerCount].filter(([key]) => !aliasTeams.has(key.split('|')[0]))
      .sort((a, b) => b[1] - a[1]).slice(0, 14).map(([key]) => key);
    const squadOnly = people.filter((p) => p.team_id !== null && !aliasTeams.has(teamName.get(p.team_id)!) && !scorerCount.has(`${teamName.get(p.team_id)}|${p.name}`)).slice(0, 2)
      .map((p) => `${teamName.get(p.team_id)}|${p.name}`);
    const personId = (key: string) => {
      const [team, name] = key.split('|');
      const found = people.filter((p) => p.name === name && p.team_id === teams.get(team));
      expect({ key, found: found.length }).toEqual({ key, found: 1 });
      return found[0].id as number;
    };
    await inChunks(leagueC.members, 6, async (member) => {
      const r = prng(900 + member.id);
      const chosen = r.sample([...candidates, ...squadOnly], r.int(1, 2));
      for (const key of chosen) {
        await ok(t, 'POST', '/person_bets/fill_person_bet', member.token, {
          league_id: leagueC.id, league_rule_id: leagueC.ruleIds.get(TOP_SCORER), person_id: personId(key), user_id: member.id,
        });
      }
      leagueC.personPicks.set(member.id, chosen.map((key) => ({ team: key.split('|')[0], name: key.split('|')[1] })));
    });

    // Results arrive matchday by matchday through the admin's update; tables are compared after each round.
    const world: World = { matches, drawnRounds: new Set() };
    async function reveal(until: number) {
      t.clock.set(until);
      await ok(t, 'POST', '/update/update', admin.token);
      // The tables follow once the results' jobs have run.
      await settleResultJobs(t.deps);
      const now: any[] = await ok(t, 'GET', `/matches/index/${competitionId}`, null);
      world.drawnRounds = new Set(KNOCKOUT_PICK_ROUNDS.filter((round) => now.filter((m) => m.round_id === round)
        .every((m) => m.local_team_id !== null && m.visiting_team_id !== null)));
      for (const m of now) {
        const num = numOfId.get(m.id)!;
        const file = matches[num - 1];
        const shown = resultInAt(file) <= until;
        expect({ num, finished: m.finished, goals: shown ? [m.local_goals, m.visiting_goals] : null })
          .toEqual({ num, finished: shown, goals: shown ? file.ft : null });
      }
    }
    /** Also compares the tables of these matchdays (the requested-matchday view). */
    async function compareTables(label: string, days: number[] = []) {
      for (const league of states) {
        const expected = expectedTable(league, world, t.clock.now());
        const viewer = league.members[league.members.length - 1];
        const table = await ok(t, 'GET', `/leagues/users_league_table/${league.id}`, viewer.token);
        const actual = {
          ...table,
          users: table.users.map(({ user_avatar: _avatar, ...row }: any) => row),
        };
        expect({ checkpoint: label, league: league.spec.key, table: actual }).toEqual({ checkpoint: label, league: league.spec.key, table: expected });
        for (const requested of days) {
          const past = await ok(t, 'GET', `/leagues/users_league_table/${league.id}?matchday=${requested}`, viewer.token);
          const want = expectedTable(league, world, t.clock.now(), requested);
          expect({ checkpoint: label, league: league.spec.key, matchday: requested, table: { ...past, users: past.users.map(({ user_avatar: _a, ...row }: any) => row) } })
            .toEqual({ checkpoint: label, league: league.spec.key, matchday: requested, table: want });
        }
      }
    }
    const phase = (rounds: number[]) => matches.filter((m) => rounds.includes(m.round));
    const daysOf = (list: FileMatch[]) => [...new Set(list.map((m) => m.matchday))].sort((a, b) => a - b);
    async function playPhase(rounds: number[], label: string, midway?: number) {
      for (const day of daysOf(phase(rounds))) {
        const ofDay = matches.filter((m) => m.matchday === day);
        if (day === midway) {
          // Part of a matchday: its first match is in, the others are not.
          const first = ofDay.reduce((a, b) => (b.kickoff < a.kickoff ? b : a));
          await reveal(resultInAt(first) + MINUTE);
          await compareTables(`${label}, partway through matchday ${day}`);
        }
        await reveal(Math.max(...ofDay.map(resultInAt)) + MINUTE);
      }
      // The first and last matchday of the phase, asked for explicitly, and one not played yet.
      const ofPhase = daysOf(phase(rounds));
      await compareTables(label, [ofPhase[0], ofPhase[ofPhase.length - 1], Math.min(ofPhase[ofPhase.length - 1] + 1, matches[matches.length - 1].matchday)]);
    }

    await betOn(daysOf(phase([1])));
    await pickRound(3, 4);
    await compareTables('before the first kickoff');
    await playPhase([1], 'group stage', 9);

    await betOn(daysOf(phase([3])));
    await pickRound(4, 2);
    await playPhase([3], 'round of 32');

    await betOn(daysOf(phase([4])));
    await pickRound(5, 1);
    await playPhase([4], 'round of 16');

    await betOn(daysOf(phase([5])));
    await pickRound(6, 1);
    await playPhase([5], 'quarter-finals');

    await betOn(daysOf(phase([6])));
    await pickRound(7, 1);
    await playPhase([6], 'semi-finals');

    await betOn(daysOf(phase([9, 7])));
    await pickRound(CHAMPION, 1);
    await playPhase([9, 7], 'third place and final');

    const competition = await ok(t, 'GET', `/competition/${competitionId}`, null);
    expect(competition.finished).toBe(true);

    // Every single pick of league C, as another member sees it now: team or person, and its points.
    const champion = tieWinner(matches.find((m) => m.round === 7)!);
    const goalsOf = (team: string, name: string) => matches.flatMap((m) => m.goals).filter((g) => g.team === team && g.name === name).length;
    const topGoals = Math.max(...[...scorerCount.values()]);
    const viewer = leagueC.members[0];
    for (const member of leagueC.members) {
      const rounds: any[] = await ok(t, 'GET', `/round_bets/index/${leagueC.id}?user_id=${member.id}`, viewer.token);
      const seen = rounds.flatMap((rule) => rule.bets.map((b: any) => ({ round: rule.league_rule.round_id, team: teamName.get(b.team_id), points: b.points })));
      const expected = [...(leagueC.roundPicks.get(member.id) ?? [])].flatMap(([round, teamsPicked]) => [...teamsPicked].map((team) => ({
        round, team,
        points: round === CHAMPION
          ? (team === champion ? leagueC.rulePoints.get(CHAMPION)! : 0)
          : (matches.some((m) => m.round === round && (m.team1 === team || m.team2 === team)) ? leagueC.rulePoints.get(round)! : 0),
      })));
      const order = (a: { round: number; team?: string }, b: { round: number; team?: string }) => a.round - b.round || String(a.team).localeCompare(String(b.team));
      expect({ member: member.name, picks: seen.sort(order) }).toEqual({ member: member.name, picks: expected.sort(order) });

      const persons: any[] = await ok(t, 'GET', `/person_bets/index/${leagueC.id}?user_id=${member.id}`, viewer.token);
      const seenPeople = persons.flatMap((rule) => rule.bets.map((b: any) => ({ name: b.person.name, points: b.points }))).sort((a, b) => a.name.localeCompare(b.name));
      const expectedPeople = (leagueC.personPicks.get(member.id) ?? []).map(({ team, name }) => ({
        name, points: goalsOf(team, name) + (goalsOf(team, name) === topGoals ? 5 : 0),
      })).sort((a, b) => a.name.localeCompare(b.name));
      expect({ member: member.name, people: seenPeople }).toEqual({ member: member.name, people: expectedPeople });
    }
  }, 300_000);
});

describeEachDb('acceptance: a replay does not give away who reaches the knockout rounds', (ctx) => {
  // A replayed file of a finished cup names every knockout team. Shown from the start, they tell players who
  // wins the group stage, and make every round pick a sure hit (elegible_team_ids answers exactly those teams).
  run('keeps knockout teams unknown until the results that decide them are revealed', async () => {
    const t: TestApp = ctx();
    const summary = await importOpenfootball(t.deps.db, { source: FILE, shiftTo: t.clock.now() + DAY, replay: true, now: t.clock.now() });
    const served: any[] = await ok(t, 'GET', `/matches/index/${summary.competitionId}`, null);
    const drawn = served.filter((m) => m.round_id !== 1 && (m.local_team_id !== null || m.visiting_team_id !== null));
    expect(drawn.map((m) => ({ round_id: m.round_id, date: m.date }))).toEqual([]);
  });
});
