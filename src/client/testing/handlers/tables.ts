import { BEA, handleSignedIn, leagueWorld, memberIds, userName } from './leagueWorld';
import { fail, ok } from './route';

/** Tables like the server's: positions shared on ties, departments averaged, matchday winners. */
export const tableHandlers = [
  handleSignedIn('usersLeagueTable', ({ params, query }, user) => {
    const leagueId = Number(params.id);
    if (!memberIds(leagueId).includes(user.id)) return fail(404, 'The league was not found');
    const matchday = Number(query.get('matchday') ?? 2);
    const members = [...leagueWorld.members.get(leagueId)!];
    const rows = members
      .map((member) => ({
        user_id: member.user_id, user_avatar: null, user_name: userName(member.user_id), department: member.department,
        points_by_matchday: { [String(matchday)]: member.matchday * matchday },
        points_league: member.points - 2, points_rounds: 1.5, points_people: 0.5, points: member.points,
        points_matchday: member.matchday * matchday, position: 0, matchday_wins: member.user_id === BEA ? 2 : 0,
        points_bonus: 0, exact_hits: 0, goal_difference_hits: 0, tendency_hits: 0,
      }))
      .sort((a, b) => b.points - a.points || a.user_name.localeCompare(b.user_name));
    rows.forEach((row, index) => { row.position = index && rows[index - 1].points === row.points ? rows[index - 1].position : index + 1; });
    const names = [...new Set(rows.map((row) => row.department).filter((name): name is string => !!name))];
    const average = (values: number[]) => Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;
    const departments = names.map((name) => {
      const of = rows.filter((row) => row.department === name);
      return {
        name, people: of.length, points_league: average(of.map((row) => row.points_league)), points_rounds: average(of.map((row) => row.points_rounds)),
        points_people: average(of.map((row) => row.points_people)), points: average(of.map((row) => row.points)),
        points_matchday: average(of.map((row) => row.points_matchday)), position: 0,
      };
    }).sort((a, b) => b.points - a.points);
    departments.forEach((row, index) => { row.position = index + 1; });
    const best = Math.max(...rows.map((row) => row.points_matchday));
    const winnerIds = best > 0 ? rows.filter((row) => row.points_matchday === best).map((row) => row.user_id) : [];
    return ok({
      users: rows, departments, matchday, last_played_matchday: 2, matchday_winner_ids: winnerIds, tie_breaks: [], total_users: rows.length, offset: 0,
      matchday_winners: winnerIds.length ? [{ matchday: 1, user_ids: [BEA] }, { matchday: 2, user_ids: [...winnerIds].sort((a, b) => a - b) }] : [],
    });
  }),
];
