/**
 * Classic football table: played, wins, draws, losses, goals, last-five streak and 3/1/0 points,
 * ordered by points, goal difference, goals for, then team name. Cups rank each group on its own;
 * leagues have one table (group null).
 */
type StreakResult = 'W' | 'D' | 'L';

/** A team's own result in one finished match (90-minute score). */
export interface TeamResult { matchId: number; date: number; goalsFor: number; goalsAgainst: number }

/**
 * One team of one table, with one of its results or none: the shape of a left join of teams to their
 * finished matches, so a team without results still gets a row.
 */
export interface ClassificationEntry {
  teamId: number;
  teamName: string;
  groupId: number | null;
  groupName: string | null;
  result: TeamResult | null;
}

interface TableRow {
  team_id: number;
  group_id: number | null;
  position: number;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  streak: StreakResult[];
  points: number;
}

const POINTS_FOR: Readonly<Record<StreakResult, number>> = { W: 3, D: 1, L: 0 };
const STREAK_LENGTH = 5;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const outcome = (r: TeamResult): StreakResult => (r.goalsFor > r.goalsAgainst ? 'W' : r.goalsFor === r.goalsAgainst ? 'D' : 'L');

interface Tally { teamName: string; groupId: number | null; groupName: string | null; results: Map<number, TeamResult> }

function toRow(teamId: number, tally: Tally): Omit<TableRow, 'position'> {
  const results = [...tally.results.values()].sort((a, b) => a.date - b.date || a.matchId - b.matchId);
  const streakAll = results.map(outcome);
  const count = (o: StreakResult) => streakAll.filter((s) => s === o).length;
  const goalsFor = results.reduce((sum, r) => sum + r.goalsFor, 0);
  const goalsAgainst = results.reduce((sum, r) => sum + r.goalsAgainst, 0);
  const [wins, draws, losses] = [count('W'), count('D'), count('L')];
  return {
    team_id: teamId,
    group_id: tally.groupId,
    played: results.length,
    wins,
    draws,
    losses,
    goals_for: goalsFor,
    goals_against: goalsAgainst,
    goal_difference: goalsFor - goalsAgainst,
    streak: streakAll.slice(-STREAK_LENGTH),
    points: wins * POINTS_FOR.W + draws * POINTS_FOR.D,
  };
}

/** Ranks every table; tables come out ordered by group name, rows by position (1-based, in each table). */
export function classify(entries: readonly ClassificationEntry[]): TableRow[] {
  // Key by group and team: a team may only appear once per table, and a repeated result counts once.
  const tallies = new Map<string, Tally & { teamId: number }>();
  for (const e of entries) {
    const key = `${e.groupId ?? ''}:${e.teamId}`;
    let tally = tallies.get(key);
    if (!tally) {
      tally = { teamId: e.teamId, teamName: e.teamName, groupId: e.groupId, groupName: e.groupName, results: new Map() };
      tallies.set(key, tally);
    }
    if (e.result) tally.results.set(e.result.matchId, e.result);
  }
  const rows = [...tallies.values()].map((t) => ({ row: toRow(t.teamId, t), teamName: t.teamName, groupName: t.groupName ?? '' }));
  rows.sort((a, b) =>
    collator.compare(a.groupName, b.groupName)
    || (a.row.group_id ?? 0) - (b.row.group_id ?? 0)
    || b.row.points - a.row.points
    || b.row.goal_difference - a.row.goal_difference
    || b.row.goals_for - a.row.goals_for
    || collator.compare(a.teamName, b.teamName)
    || a.row.team_id - b.row.team_id);
  const out: TableRow[] = [];
  let position = 0;
  let currentGroup: number | null | undefined;
  for (const { row } of rows) {
    position = row.group_id === currentGroup ? position + 1 : 1;
    currentGroup = row.group_id;
    out.push({ ...row, position });
  }
  return out;
}
