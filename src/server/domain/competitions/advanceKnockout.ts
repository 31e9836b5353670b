import type { Executor } from '../../platform/db/database';
import { isKnockoutRound } from '../../../shared/domain/rounds';
import { serializeHeldResult } from './heldResult';
import { DEMO_TEAMS } from './demoTeams';
import { knockoutWinner, simulateMatch, type SimTeam } from './demoResults';

type MatchRow = Awaited<ReturnType<typeof loadMatches>>[number];

function loadMatches(db: Executor, competitionId: number) {
  return db.selectFrom('matches')
    .select(['id', 'external_key', 'round_id', 'group_id', 'local_team_id', 'visiting_team_id', 'local_placeholder',
      'visiting_placeholder', 'finished', 'held_result', 'local_goals', 'visiting_goals', 'local_goals_extra_time',
      'visiting_goals_extra_time', 'local_penalties', 'visiting_penalties'])
    .where('competition_id', '=', competitionId)
    .execute();
}

/** "1A"/"2A" once group A has finished: its classification by points, goal difference, goals for. */
function groupPlaces(matches: MatchRow[], groups: { id: number; name: string; team_id: number; team_name: string }[]) {
  const places = new Map<string, number>();
  for (const groupId of new Set(groups.map((g) => g.id))) {
    const played = matches.filter((m) => m.group_id === groupId);
    if (played.length === 0 || played.some((m) => !m.finished)) continue;
    const teams = groups.filter((g) => g.id === groupId);
    const row = new Map(teams.map((t) => [t.team_id, { id: t.team_id, name: t.team_name, pts: 0, gd: 0, gf: 0 }]));
    for (const m of played) {
      const [l, v] = [m.local_goals ?? 0, m.visiting_goals ?? 0];
      const [a, b] = [row.get(m.local_team_id!), row.get(m.visiting_team_id!)];
      if (!a || !b) continue;
      a.gf += l; b.gf += v; a.gd += l - v; b.gd += v - l;
      a.pts += l > v ? 3 : l === v ? 1 : 0;
      b.pts += v > l ? 3 : l === v ? 1 : 0;
    }
    const ranked = [...row.values()].sort((x, y) => y.pts - x.pts || y.gd - x.gd || y.gf - x.gf || x.name.localeCompare(y.name));
    const letter = teams[0].name.replace(/^Group\s+/i, '');
    ranked.forEach((t, i) => places.set(`${i + 1}${letter}`, t.id));
  }
  return places;
}

/**
 * Demo provider: fills knockout teams as earlier rounds finish (group places, winners and losers of numbered
 * matches) and gives each newly complete match its simulated, held result. Returns the matches it filled.
 */
export async function advanceKnockoutTeams(db: Executor, competitionId: number, now: number): Promise<number[]> {
  const matches = await loadMatches(db, competitionId);
  const groups = await db.selectFrom('groups')
    .innerJoin('group_teams', 'group_teams.group_id', 'groups.id')
    .innerJoin('teams', 'teams.id', 'group_teams.team_id')
    .select(['groups.id', 'groups.name', 'group_teams.team_id', 'teams.team_name'])
    .where('groups.competition_id', '=', competitionId)
    .execute();
  const resolved = groupPlaces(matches, groups);
  for (const m of matches) {
    if (!m.finished || !isKnockoutRound(m.round_id) || !m.local_team_id || !m.visiting_team_id) continue;
    const number = m.external_key?.replace(/^demo:/, '');
    const localWon = knockoutWinner(m) === 1;
    resolved.set(`W${number}`, localWon ? m.local_team_id : m.visiting_team_id);
    resolved.set(`L${number}`, localWon ? m.visiting_team_id : m.local_team_id);
  }

  const sims = await simTeams(db, competitionId);
  const filled: number[] = [];
  for (const m of matches) {
    if (m.finished || m.held_result || !isKnockoutRound(m.round_id)) continue;
    const local = m.local_team_id ?? (m.local_placeholder ? resolved.get(m.local_placeholder) : undefined) ?? null;
    const visiting = m.visiting_team_id ?? (m.visiting_placeholder ? resolved.get(m.visiting_placeholder) : undefined) ?? null;
    const complete = local !== null && visiting !== null;
    if (!complete && local === m.local_team_id && visiting === m.visiting_team_id) continue;
    const held = complete
      ? serializeHeldResult(simulateMatch(sims(local), sims(visiting), Number(m.external_key?.replace(/^demo:/, '')) || m.id, true))
      : null;
    await db.updateTable('matches')
      .set({ local_team_id: local, visiting_team_id: visiting, held_result: held, updated_at: now })
      .where('id', '=', m.id).execute();
    filled.push(m.id);
  }
  return filled;
}

/** Strength from the demo table, scorers from the competition's people of that team (seeding order). */
export async function simTeams(db: Executor, competitionId: number): Promise<(teamId: number) => SimTeam> {
  const teams = await db.selectFrom('competition_teams')
    .innerJoin('teams', 'teams.id', 'competition_teams.team_id')
    .select(['teams.id', 'teams.external_key'])
    .where('competition_teams.competition_id', '=', competitionId)
    .execute();
  const people = await db.selectFrom('person_stats')
    .innerJoin('people', 'people.id', 'person_stats.person_id')
    .select(['people.id', 'people.team_id'])
    .where('person_stats.competition_id', '=', competitionId)
    .orderBy('people.id')
    .execute();
  const strength = new Map(teams.map((t) => [t.id, DEMO_TEAMS.find((d) => `nt:${d.fifa}` === t.external_key)?.strength ?? 3]));
  return (teamId) => ({
    id: teamId,
    strength: strength.get(teamId) ?? 3,
    scorers: people.filter((p) => p.team_id === teamId).map((p) => p.id),
  });
}
