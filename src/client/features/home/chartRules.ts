/** Charts show once at least one pick is visible to others (locked, with a team or person chosen). */
interface Pick { allow_show_bets: boolean; allow_edit_bets: boolean; team_id?: number | null; person_id?: number | null }

export const chartsVisible = (picks: readonly Pick[]): boolean =>
  picks.some((pick) => pick.allow_show_bets && !pick.allow_edit_bets && (pick.team_id != null || pick.person_id != null));

export interface Share { name: string; users: number; share: number }

/** Share of distinct members picking each team, most picked first, then by name. */
export function nextRoundShares(counts: ReadonlyArray<{ team_name: string; users: number }>, members: number, locale: string): Share[] {
  const total = Math.max(members, 1);
  return [...counts]
    .sort((a, b) => b.users - a.users || a.team_name.localeCompare(b.team_name, locale))
    .map(({ team_name, users }) => ({ name: team_name, users, share: Math.round((users / total) * 1000) / 10 }));
}

/** Pie slices: how many picks name each team or person, largest first. */
export function pieCounts(names: ReadonlyArray<string | null | undefined>): Array<{ name: string; value: number }> {
  const counts = new Map<string, number>();
  for (const name of names) if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, value]) => ({ name, value })).sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
}
