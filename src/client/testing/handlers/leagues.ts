import { fakeApi } from './fakeApi';
import { handleSignedIn, leagueFor, leagueRow, leagueWorld, memberIds, userName } from './leagueWorld';
import { fail, handle, ok } from './route';
import { SCORING_PRESET_KEYS, SCORING_PRESETS } from '../../../shared/domain/scoring';

const findLeague = (id: string | number) => leagueWorld.leagues.find((league) => league.id === Number(id));
const notFound = () => fail(404, 'The league was not found');
const notAllowed = () => fail(403, 'You do not have permission to do that');

/** League calls of the route table, answering from leagueWorld like the server would. */
export const leagueHandlers = [
  handle('scoringPresets', () => ok(SCORING_PRESET_KEYS.map((key) => ({ key, name: `Preset ${key}`, scoring: SCORING_PRESETS[key] })))),
  handleSignedIn('leagueIndex', ({ query }, user) => {
    const competition = query.get('competition_id');
    return ok(leagueWorld.leagues
      .filter((league) => memberIds(league.id).includes(user.id) && (!competition || league.competition_id === Number(competition)))
      .map((league) => leagueFor(league, user)));
  }),
  handleSignedIn('leagueShow', ({ params }, user) => {
    const league = findLeague(params.id);
    if (!league) return notFound();
    const invited = leagueWorld.invitations.some((item) => item.league_id === league.id && item.email === user.email && item.status === 'pending');
    if (!memberIds(league.id).includes(user.id) && !league.allow_join && !invited) {
      return fail(403, 'This league is private: only its members see it. Ask its owner for an invitation or its share link');
    }
    return ok(leagueFor(league, user));
  }),
  handleSignedIn('leaguesUsers', ({ params }, user) => {
    const league = findLeague(params.id);
    if (!league || !memberIds(league.id).includes(user.id)) return notFound();
    return ok(leagueWorld.members.get(league.id)!.map((member) => ({
      user_id: member.user_id, user_name: userName(member.user_id), department: member.department, joined_at: member.joined_at,
      is_owner: member.user_id === league.owner_id,
    })));
  }),
  handleSignedIn('leagueLeagueRules', ({ params }) => {
    const league = findLeague(params.id);
    return ok(league?.person_bets_enabled ? [{ id: 9, competition_id: league.competition_id, round_id: 10, picks: 2, points_per_hit: 1 }] : []);
  }),
  handleSignedIn('leagueCreate', ({ body }, user) => {
    const settings = body.league;
    if (leagueWorld.leagues.some((league) => league.name === settings.name)) return fail(400, 'Name has already been taken', { 'league.name': ['has already been taken'] });
    const id = leagueWorld.nextId++;
    const league = leagueRow({ ...settings, id, owner_id: user.id, owner_name: user.name });
    leagueWorld.leagues.push(league);
    leagueWorld.members.set(id, [{ user_id: user.id, department: null, joined_at: '2026-06-01T12:00:00.000Z', points: 0, matchday: 0 }]);
    for (const question of body.bonus_questions ?? []) {
      leagueWorld.questions.push({ ...question, id: leagueWorld.nextId++, league_id: id, choices: question.choices ?? null });
    }
    fakeApi.requests.push(`created ${JSON.stringify(settings)}`);
    return ok({ message: 'League created', league: leagueFor(league, user) });
  }),
  handleSignedIn('leagueUpdate', ({ params, body }, user) => {
    const league = findLeague(params.id);
    if (!league) return notFound();
    if (league.owner_id !== user.id) return notAllowed();
    Object.assign(league, body.league);
    return ok({ message: 'Changes saved', league: leagueFor(league, user) });
  }),
  handleSignedIn('leagueDelete', ({ params }, user) => {
    const league = findLeague(params.id);
    if (!league) return notFound();
    if (league.owner_id !== user.id) return notAllowed();
    leagueWorld.leagues = leagueWorld.leagues.filter((item) => item !== league);
    return ok({ message: 'League deleted' });
  }),
  handleSignedIn('leagueCancel', ({ params }, user) => {
    const league = findLeague(params.id);
    if (!league) return notFound();
    leagueWorld.members.set(league.id, leagueWorld.members.get(league.id)!.filter((member) => member.user_id !== user.id));
    return ok({ message: 'You have left the league' });
  }),
  handleSignedIn('leagueSearch', ({ body }, user) => {
    const text = String(body.text).toLowerCase();
    return ok(leagueWorld.leagues
      .filter((league) => league.name.toLowerCase().includes(text) && !league.competition.finished)
      .map((league) => {
        const invited = leagueWorld.invitations.some((item) => item.league_id === league.id && item.email === user.email && item.status === 'pending');
        const member = memberIds(league.id).includes(user.id);
        return {
          id: league.id, name: league.name, competition: league.competition, members_count: memberIds(league.id).length,
          owner_name: userName(league.owner_id), joinable: !member && (league.allow_join || invited), invited, is_member: member,
        };
      })
      .filter((row) => row.is_member || row.joinable));
  }),
  handleSignedIn('leagueJoin', ({ body }, user) => {
    const league = findLeague(body.league_id);
    if (!league) return notFound();
    if (memberIds(league.id).includes(user.id)) return fail(409, 'The user is already in the league');
    const invitation = leagueWorld.invitations.find((item) => item.league_id === league.id && item.token === body.invitation_token && item.status === 'pending');
    if (!league.allow_join && !invitation && body.invitation_token !== league.share_token) return fail(404, 'The invitation does not exist anymore');
    const banned = `${league.id}:${user.id}`;
    if (leagueWorld.bans.has(banned) && !(invitation && invitation.inviter_name === userName(league.owner_id))) {
      return fail(403, 'The owner removed you from this league: only a new invitation from the owner lets you back in');
    }
    leagueWorld.bans.delete(banned);
    if (invitation) invitation.status = 'accepted';
    leagueWorld.members.get(league.id)!.push({ user_id: user.id, department: null, joined_at: '2026-06-01T12:00:00.000Z', points: 0, matchday: 0 });
    return ok({ message: 'You have joined the league', league: leagueFor(league, user) });
  }),
  handleSignedIn('leagueUpdateDepartment', ({ body }, user) => {
    const league = findLeague(body.league_id);
    if (!league) return notFound();
    if (league.owner_id !== user.id && body.user_id !== user.id) return notAllowed();
    const member = leagueWorld.members.get(league.id)!.find((row) => row.user_id === body.user_id);
    if (!member) return fail(404, 'The user was not found');
    member.department = body.department;
    return ok({ message: 'Changes saved', member: { user_id: member.user_id, user_name: userName(member.user_id), department: member.department, joined_at: member.joined_at, is_owner: member.user_id === league.owner_id } });
  }),
  handleSignedIn('leagueRemoveUser', ({ params }, user) => {
    const league = findLeague(params.league_id);
    if (!league) return notFound();
    if (league.owner_id !== user.id) return notAllowed();
    leagueWorld.members.set(league.id, leagueWorld.members.get(league.id)!.filter((member) => member.user_id !== Number(params.user_id)));
    leagueWorld.bans.add(`${league.id}:${params.user_id}`);
    return ok({ message: 'User removed from the league' });
  }),
  handleSignedIn('leagueRegenerateShareToken', ({ params }, user) => {
    const league = findLeague(params.id);
    if (!league) return notFound();
    if (league.owner_id !== user.id) return notAllowed();
    league.share_token = `share-${league.id}-${leagueWorld.nextId++}`;
    return ok({ message: 'New share link created: the old one no longer works', league: leagueFor(league, user) });
  }),
];
