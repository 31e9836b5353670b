import { adminCompetitionRoutes } from '../../shared/api/routes/adminCompetitions';
import { adminOperationRoutes } from '../../shared/api/routes/adminOperations';
import { adminUserRoutes } from '../../shared/api/routes/adminUsers';
import { alertRoutes } from '../../shared/api/routes/alerts';
import { apiTokenRoutes } from '../../shared/api/routes/apiTokens';
import { betDistributionRoutes } from '../../shared/api/routes/betDistribution';
import { bonusQuestionRoutes } from '../../shared/api/routes/bonusQuestions';
import { dataExportRoutes } from '../../shared/api/routes/dataExport';
import { invitationRoutes } from '../../shared/api/routes/invitations';
import { lateEntryRoutes } from '../../shared/api/routes/lateEntry';
import { leagueLogRoutes } from '../../shared/api/routes/leagueLog';
import { leagueRoutes } from '../../shared/api/routes/leagues';
import { leagueBoardRoutes } from '../../shared/api/routes/leagueBoard';
import { personBetRoutes } from '../../shared/api/routes/personBets';
import { pushRoutes } from '../../shared/api/routes/push';
import { resultBetRoutes } from '../../shared/api/routes/resultBets';
import { roundBetRoutes } from '../../shared/api/routes/roundBets';
import { tableRoutes } from '../../shared/api/routes/tables';
import { titleRaceRoutes } from '../../shared/api/routes/titleRace';
import { updateRoutes } from '../../shared/api/routes/updates';
import { webhookRoutes } from '../../shared/api/routes/webhooks';
import { ROUND } from '../../shared/domain/rounds';
import { createCup, type CupFixture } from '../testing/competitionFixture';
import { DB_KINDS, call, createTestApp, type TestApp } from '../testing/harness';
import { DAY, api, createPlayer, ok, type Player } from './acceptanceKit';

/**
 * For every league and bet route, what a visitor, a signed-in non-member, a member, the owner and a global admin
 * get (401 signed out, 403 not allowed). For writes each role acts on a fresh league, so a write
 * that succeeds for one role cannot change what the next one sees.
 */

type Role = 'visitor' | 'outsider' | 'member' | 'owner' | 'admin';
const ROLES: Role[] = ['visitor', 'outsider', 'member', 'owner', 'admin'];

/** A league of the cup: owner, member, a second member, an outsider; one bet and one pick of each kind by the member. */
interface World {
  cup: CupFixture;
  admin: Player;
  owner: Player; member: Player; extra: Player; outsider: Player;
  leagueId: number;
  /** Another league of the same cup with the owner and the member (copy_bets source). */
  otherLeagueId: number;
  resultBetId: number; matchId: number;
  roundRuleId: number; roundBetId: number; teamId: number;
  personRuleId: number; personBetId: number; personId: number;
  /** Owner's invitation to a stranger (and its token); owner's invitation to the outsider (rows with inviteOutsider, else 0). */
  invitationId: number; strangerToken: string; outsiderInvitationId: number;
  /** Bonus questions of the league: one still open, one past its deadline. */
  openQuestionId: number; closedQuestionId: number;
  /** A post of the member's on the league board. */
  postId: number;
  /** A personal API token of the member. */
  memberTokenId: number;
  /** A JSON webhook of the league. */
  webhookId: number;
}

let worldCounter = 0;

/** Whether the owner invites the outsider, and whether the outsider has confirmed that address (only a verified address claims an invitation). */
type OutsiderInvitation = 'verified' | 'unverified' | undefined;

async function buildWorld(t: TestApp, cup: CupFixture, admin: Player, inviteOutsider: OutsiderInvitation): Promise<World> {
  worldCounter += 1;
  const n = worldCounter;
  const [owner, member, extra, outsider] = [
    await createPlayer(t.deps, { name: `Owner ${n}` }), await createPlayer(t.deps, { name: `Member ${n}` }),
    await createPlayer(t.deps, { name: `Extra ${n}` }),
    await createPlayer(t.deps, { name: `Outsider ${n}`, email_verified: inviteOutsider === 'verified' }),
  ];
  const settings = { competition_id: cup.competitionId, round_bets_enabled: true, person_bets_enabled: true, allow_join: false, allow_invite: false };
  const league = (await ok(t, 'POST', '/leagues', owner.token, { league: { name: `Matrix ${n}`, ...settings } })).league;
  const other = (await ok(t, 'POST', '/leagues', owner.token, { league: { name: `Source ${n}`, ...settings } })).league;
  for (const p of [member, extra]) await ok(t, 'POST', '/leagues/join', p.token, { league_id: league.id, invitation_token: league.share_token });
  await ok(t, 'POST', '/leagues/join', member.token, { league_id: other.id, invitation_token: other.share_token });

  const [bet] = await ok(t, 'GET', `/result_bets/index/${league.id}`, member.token);
  await ok(t, 'POST', '/result_bets/update_result_bet', member.token, { result_bet_id: bet.id, local_goals: 2, visiting_goals: 1 });
  const roundRuleId = cup.ruleIds[ROUND.SEMI_FINALS];
  const teamId = cup.teamIds[0];
  const picks = await ok(t, 'POST', '/round_bets/fill_round_bet', member.token,
    { league_id: league.id, league_rule_id: roundRuleId, team_id: teamId, user_id: member.id });
  const person = await t.deps.db.insertInto('people').values({ name: `Striker ${n}`, team_id: cup.teamIds[1], external_key: null })
    .returning('id').executeTakeFirstOrThrow();
  const personRuleId = cup.ruleIds[ROUND.TOP_SCORER];
  const personPicks = await ok(t, 'POST', '/person_bets/fill_person_bet', member.token,
    { league_id: league.id, league_rule_id: personRuleId, person_id: person.id, user_id: member.id });
  const invitation = (await ok(t, 'POST', '/invitations', owner.token, { league_id: league.id, email: `stranger${n}@example.com` })).invitation;
  // Only where the row asks for it: an invited outsider with a verified address may see and join the league.
  const toOutsider = inviteOutsider !== undefined ? (await ok(t, 'POST', '/invitations', owner.token, { league_id: league.id, email: outsider.email })).invitation : { id: 0 };
  const now = t.clock.now();
  const question = { text: `Goals ${n}?`, kind: 'number', points: 3 } as const;
  const open = (await ok(t, 'POST', '/bonus_questions', owner.token, { league_id: league.id, question: { ...question, deadline: new Date(now + DAY).toISOString() } })).question;
  // Past its deadline already (the app takes no such question; the matrix has one clock for every row).
  const closed = await t.deps.db.insertInto('bonus_questions')
    .values({ league_id: league.id, ...question, deadline: now - 1000, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const post = (await ok(t, 'POST', '/leagues/posts', member.token, { league_id: league.id, text: `Hello ${n}` })).post;
  const memberToken = await ok(t, 'POST', '/users/api_tokens', member.token, { name: `Bot ${n}`, scope: 'bet', expires_at: new Date(now + DAY).toISOString() });
  const hook = await t.deps.db.insertInto('league_webhooks').values({
    league_id: league.id, kind: 'json', url: 'https://93.184.216.34/hook', events: 'result', secret: 'matrix', created_by: owner.id, created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return {
    postId: post.id,
    memberTokenId: memberToken.api_token.id,
    webhookId: hook.id,
    cup, admin, owner, member, extra, outsider, leagueId: league.id, otherLeagueId: other.id,
    resultBetId: bet.id, matchId: bet.match_id, roundRuleId, roundBetId: picks.bets[0].id, teamId,
    personRuleId, personBetId: personPicks.bets[0].id, personId: person.id,
    invitationId: invitation.id, outsiderInvitationId: toOutsider.id,
    strangerToken: (await t.deps.db.selectFrom('invitations').select('token').where('id', '=', invitation.id).executeTakeFirstOrThrow()).token, openQuestionId: open.id, closedQuestionId: Number(closed.id),
  };
}

type Expected = Record<Role, number>;
const as = (visitor: number, outsider: number, member: number, owner: number, admin: number): Expected =>
  ({ visitor, outsider, member, owner, admin });

/** Signed-in only; members read; only the owner manages. */
const MEMBERS_READ = as(401, 403, 200, 200, 200);
const OWNER_ONLY = as(401, 403, 403, 200, 403);
const ANY_USER = as(401, 200, 200, 200, 200);
const PUBLIC = as(200, 200, 200, 200, 200);
const ADMIN_ONLY = as(401, 403, 403, 403, 200);
/** A member's own bet or pick: the member, and a global admin correcting it; not the owner nor outsiders. */
const MEMBERS_OWN_BET = as(401, 403, 200, 403, 200);
/** How a bet scored, before its deadline: hidden from everybody but the bettor (admins included: nothing to explain yet). */
const OWN_HIDDEN_BET = as(401, 403, 200, 403, 403);

interface Row {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (w: World) => string;
  body?: (w: World) => unknown;
  expected: Expected;
  /** The outsider holds a pending invitation to the league, with a verified address or not. */
  inviteOutsider?: OutsiderInvitation;
  /**
   * A write every role but the admin (the last one asked) is refused: one world serves them all, as for reads.
   * Admin console rows, so the table stays quick.
   */
  sharedWorld?: boolean;
}

const pickBody = (w: World) => ({ league_id: w.leagueId, league_rule_id: w.roundRuleId, team_id: w.teamId, user_id: w.member.id });
const personBody = (w: World) => ({ league_id: w.leagueId, league_rule_id: w.personRuleId, person_id: w.personId, user_id: w.member.id });
const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'BPublicKey', auth: 'AuthSecret' } };
const matrixCupFile = JSON.stringify({ name: 'Matrix Cup', matches: [{ round: 'Matchday 1', date: '2030-06-10', team1: 'Spain', team2: 'Japan' }] });

const ROWS: Row[] = [
  // Leagues: members read; only the owner updates, deletes and removes members.
  { route: 'leagueIndex', method: 'GET', path: () => '/leagues/index', expected: ANY_USER },
  { route: 'scoringPresets', method: 'GET', path: () => '/scoring_presets', expected: PUBLIC },
  { route: 'leagueShow', method: 'GET', path: (w) => `/leagues/${w.leagueId}`, expected: MEMBERS_READ },
  { route: 'leagueShow (invited)', method: 'GET', path: (w) => `/leagues/${w.leagueId}`, expected: ANY_USER, inviteOutsider: 'verified' },
  {
    route: 'leagueShow (invited, unverified)', method: 'GET', path: (w) => `/leagues/${w.leagueId}`,
    expected: MEMBERS_READ, inviteOutsider: 'unverified',
  },
  { route: 'leaguesUsers', method: 'GET', path: (w) => `/leagues/leagues_users/${w.leagueId}`, expected: MEMBERS_READ },
  { route: 'leagueLeagueRules', method: 'GET', path: (w) => `/leagues/league_rules/${w.leagueId}`, expected: MEMBERS_READ },
  {
    route: 'leagueCreate', method: 'POST', path: () => '/leagues',
    body: (w) => ({ league: { name: 'Another', competition_id: w.cup.competitionId } }), expected: ANY_USER,
  },
  {
    route: 'leagueUpdate', method: 'PUT', path: (w) => `/leagues/${w.leagueId}`,
    body: () => ({ league: { name: 'Renamed' } }), expected: OWNER_ONLY,
  },
  { route: 'leagueDelete', method: 'DELETE', path: (w) => `/leagues/${w.leagueId}`, expected: OWNER_ONLY },
  { route: 'leagueCancel', method: 'DELETE', path: (w) => `/leagues/cancel/${w.leagueId}`, expected: as(401, 403, 200, 200, 403) },
  { route: 'leagueSearch', method: 'POST', path: () => '/leagues/search', body: () => ({ text: 'Matrix' }), expected: ANY_USER },
  {
    // A closed league: without a token nobody new gets in; members are already in.
    route: 'leagueJoin', method: 'POST', path: () => '/leagues/join', body: (w) => ({ league_id: w.leagueId }),
    expected: as(401, 403, 409, 409, 403),
  },
  {
    route: 'leagueJoin (invited)', method: 'POST', path: () => '/leagues/join', body: (w) => ({ league_id: w.leagueId }),
    expected: as(401, 200, 409, 409, 403), inviteOutsider: 'verified',
  },
  {
    route: 'leagueJoin (invited, unverified)', method: 'POST', path: () => '/leagues/join', body: (w) => ({ league_id: w.leagueId }),
    expected: as(401, 403, 409, 409, 403), inviteOutsider: 'unverified',
  },
  {
    // An invitation's token sent to another address: even a verified account (the outsider is one here) may not use it.
    route: 'leagueJoin (token sent to another address)', method: 'POST', path: () => '/leagues/join',
    body: (w) => ({ league_id: w.leagueId, invitation_token: w.strangerToken }), expected: as(401, 403, 409, 409, 403), inviteOutsider: 'verified',
  },
  {
    route: 'leagueUpdateDepartment', method: 'POST', path: () => '/leagues/update_department',
    body: (w) => ({ league_id: w.leagueId, user_id: w.member.id, department: 'IT' }), expected: as(401, 403, 200, 200, 403),
  },
  { route: 'leagueRegenerateShareToken', method: 'POST', path: (w) => `/leagues/regenerate_share_token/${w.leagueId}`, expected: OWNER_ONLY },
  { route: 'leagueRemoveUser', method: 'DELETE', path: (w) => `/leagues/remove_user/${w.leagueId}/${w.extra.id}`, expected: OWNER_ONLY },
  { route: 'usersLeagueTable', method: 'GET', path: (w) => `/leagues/users_league_table/${w.leagueId}`, expected: MEMBERS_READ },
  { route: 'titleRace', method: 'GET', path: (w) => `/leagues/title_race/${w.leagueId}`, expected: MEMBERS_READ },

  { route: 'leagueLog', method: 'GET', path: (w) => `/leagues/log/${w.leagueId}`, expected: MEMBERS_READ },

  // Data out: members download the league's CSV, its owner the archive, everyone their own data.
  { route: 'leagueExport', method: 'GET', path: (w) => `/leagues/export/${w.leagueId}`, expected: MEMBERS_READ },
  { route: 'leagueArchive', method: 'GET', path: (w) => `/leagues/archive/${w.leagueId}`, expected: OWNER_ONLY },
  { route: 'userExport', method: 'GET', path: () => '/users/export', expected: ANY_USER },
  // The board: members read and post; authors edit their posts, authors and the owner delete them; the owner moderates.
  { route: 'leaguePosts', method: 'GET', path: (w) => `/leagues/posts/${w.leagueId}`, expected: MEMBERS_READ },
  {
    route: 'leaguePostCreate', method: 'POST', path: () => '/leagues/posts',
    body: (w) => ({ league_id: w.leagueId, text: 'Hi all' }), expected: as(401, 403, 200, 200, 403),
  },
  {
    route: 'leaguePostUpdate', method: 'PUT', path: (w) => `/leagues/posts/${w.postId}`,
    body: () => ({ text: 'Edited' }), expected: as(401, 403, 200, 403, 403),
  },
  { route: 'leaguePostDelete', method: 'DELETE', path: (w) => `/leagues/posts/${w.postId}`, expected: as(401, 403, 200, 200, 403) },
  { route: 'leaguePostPin', method: 'POST', path: (w) => `/leagues/posts/pin/${w.postId}`, expected: OWNER_ONLY },
  { route: 'leaguePostUnpin', method: 'DELETE', path: (w) => `/leagues/posts/pin/${w.postId}`, expected: OWNER_ONLY },
  {
    route: 'leagueBoardUpdate', method: 'PUT', path: (w) => `/leagues/posts/board/${w.leagueId}`,
    body: () => ({ open: false }), expected: OWNER_ONLY,
  },
  // Webhooks: only the owner connects, tests and removes them; global admins may look.
  {
    route: 'webhookCreate', method: 'POST', path: () => '/leagues/webhooks', expected: OWNER_ONLY,
    body: (w) => ({ league_id: w.leagueId, url: 'https://93.184.216.34/chat', kind: 'slack', events: ['result'] }),
  },
  { route: 'webhookIndex', method: 'GET', path: (w) => `/leagues/webhooks/${w.leagueId}`, expected: as(401, 403, 403, 200, 200) },
  { route: 'webhookDelete', method: 'DELETE', path: (w) => `/leagues/webhooks/${w.leagueId}/${w.webhookId}`, expected: OWNER_ONLY },
  { route: 'webhookTest', method: 'POST', path: (w) => `/leagues/webhooks/test/${w.leagueId}/${w.webhookId}`, expected: OWNER_ONLY },

  // Bonus questions: the owner asks, changes, deletes and resolves; members (the owner is one) answer.
  { route: 'bonusQuestionsIndex', method: 'GET', path: (w) => `/bonus_questions/index/${w.leagueId}`, expected: MEMBERS_READ },
  {
    route: 'bonusQuestionCreate', method: 'POST', path: () => '/bonus_questions', expected: OWNER_ONLY,
    body: (w) => ({ league_id: w.leagueId, question: { text: 'Champion?', kind: 'team', points: 5, deadline: '2030-01-01T00:00:00.000Z' } }),
  },
  {
    route: 'bonusQuestionUpdate', method: 'PUT', path: (w) => `/bonus_questions/${w.openQuestionId}`,
    body: () => ({ question: { text: 'Goals in the final?' } }), expected: OWNER_ONLY,
  },
  { route: 'bonusQuestionDelete', method: 'DELETE', path: (w) => `/bonus_questions/${w.openQuestionId}`, expected: OWNER_ONLY },
  {
    route: 'bonusQuestionAnswer', method: 'POST', path: () => '/bonus_questions/answer',
    body: (w) => ({ question_id: w.openQuestionId, answer: { number: 2 } }), expected: as(401, 403, 200, 200, 403),
  },
  {
    route: 'bonusQuestionResolve', method: 'POST', path: () => '/bonus_questions/resolve',
    body: (w) => ({ question_id: w.closedQuestionId, correct: [{ number: 2 }] }), expected: OWNER_ONLY,
  },

  // Invitations and messages: only the owner invites unless allow_invite.
  {
    route: 'invitationCreate', method: 'POST', path: () => '/invitations',
    body: (w) => ({ league_id: w.leagueId, email: 'newcomer@example.com' }), expected: OWNER_ONLY,
  },
  { route: 'invitationsOfLeague', method: 'GET', path: (w) => `/invitations/league/${w.leagueId}`, expected: MEMBERS_READ },
  { route: 'invitationsMine', method: 'GET', path: () => '/invitations/mine', expected: ANY_USER },
  { route: 'invitationDelete', method: 'DELETE', path: (w) => `/invitations/${w.invitationId}`, expected: OWNER_ONLY },
  {
    route: 'invitationDismiss', method: 'POST', path: (w) => `/invitations/dismiss/${w.outsiderInvitationId}`,
    expected: as(401, 200, 403, 403, 403), inviteOutsider: 'verified',
  },
  {
    route: 'invitationDismiss (unverified)', method: 'POST', path: (w) => `/invitations/dismiss/${w.outsiderInvitationId}`,
    expected: as(401, 403, 403, 403, 403), inviteOutsider: 'unverified',
  },
  { route: 'messagesIndex', method: 'GET', path: () => '/messages/index', expected: ANY_USER },

  // Result bets: members read; a bet is written by its owner, or corrected by an admin.
  { route: 'resultBetsIndex', method: 'GET', path: (w) => `/result_bets/index/${w.leagueId}`, expected: MEMBERS_READ },
  {
    route: 'resultBetsIndex (match_id)', method: 'GET', path: (w) => `/result_bets/index/${w.leagueId}?match_id=${w.matchId}`,
    expected: MEMBERS_READ,
  },
  {
    route: 'resultBetsIndex (user_id)', method: 'GET', path: (w) => `/result_bets/index/${w.leagueId}?user_id=${w.member.id}`,
    expected: MEMBERS_READ,
  },
  { route: 'lastBets', method: 'GET', path: (w) => `/result_bets/last_bets/${w.leagueId}`, expected: MEMBERS_READ },
  {
    route: 'resultBetPointsInfo', method: 'GET', path: (w) => `/result_bets/points_info/${w.resultBetId}`, expected: OWN_HIDDEN_BET,
  },
  {
    route: 'updateResultBet', method: 'POST', path: () => '/result_bets/update_result_bet',
    body: (w) => ({ result_bet_id: w.resultBetId, local_goals: 0, visiting_goals: 0 }), expected: MEMBERS_OWN_BET,
  },
  {
    // The caller's own simulation: for an admin outside the league there is nothing to clear, and nothing is.
    route: 'resetBets', method: 'POST', path: () => '/result_bets/reset_bets', body: (w) => ({ league_id: w.leagueId }),
    expected: as(401, 403, 200, 200, 200),
  },
  {
    // Only the owner gets past the checks of who may: to the 409 of a bet still open (leagueLog.test enters late ones).
    route: 'resultBetLateEntry', method: 'POST', path: () => '/result_bets/late_entry',
    body: (w) => ({ result_bet_id: w.resultBetId, local_goals: 1, visiting_goals: 1, reason: 'Paper bet' }), expected: as(401, 403, 403, 409, 403),
  },
  {
    route: 'copyBets', method: 'POST', path: () => '/result_bets/copy_bets',
    body: (w) => ({ league_id: w.leagueId, league_id_to_copy: w.otherLeagueId }), expected: as(401, 403, 200, 200, 403),
  },

  // What the league bet: members and admins, but only once shown; this world's bets and picks are not yet, so every
  // role is refused (features/betDistribution/distribution.test.ts has the matrix after the deadline).
  {
    route: 'resultBetDistribution', method: 'GET', path: (w) => `/result_bets/distribution/${w.leagueId}/${w.matchId}`,
    expected: as(401, 403, 403, 403, 403),
  },
  {
    route: 'pickDistribution', method: 'GET', path: (w) => `/pick_bets/distribution/${w.leagueId}/${w.roundRuleId}`,
    expected: as(401, 403, 403, 403, 403),
  },

  // Round picks
  { route: 'roundBets', method: 'GET', path: (w) => `/round_bets/round_bets/${w.leagueId}/${ROUND.SEMI_FINALS}`, expected: MEMBERS_READ },
  { route: 'roundBetsIndex', method: 'GET', path: (w) => `/round_bets/index/${w.leagueId}`, expected: MEMBERS_READ },
  {
    route: 'teamsNextRoundByUser', method: 'GET', path: (w) => `/round_bets/teams_next_round_by_user/${w.leagueId}/${ROUND.SEMI_FINALS}`,
    expected: MEMBERS_READ,
  },
  {
    route: 'elegibleTeamIds', method: 'GET', path: (w) => `/round_bets/elegible_team_ids/${w.leagueId}/${w.roundRuleId}/${w.member.id}`,
    expected: MEMBERS_READ,
  },
  { route: 'roundPointsInfo', method: 'GET', path: (w) => `/round_bets/points_info/${w.roundBetId}`, expected: OWN_HIDDEN_BET },
  { route: 'fillRoundBet', method: 'POST', path: () => '/round_bets/fill_round_bet', body: pickBody, expected: MEMBERS_OWN_BET },
  { route: 'clearRoundBet', method: 'POST', path: () => '/round_bets/clear_round_bet', body: pickBody, expected: MEMBERS_OWN_BET },

  // Person picks
  { route: 'personBetsIndex', method: 'GET', path: (w) => `/person_bets/index/${w.leagueId}`, expected: MEMBERS_READ },
  {
    route: 'personBetsOfRule', method: 'GET', path: (w) => `/person_bets/index_league_rule/${w.leagueId}/${w.personRuleId}`,
    expected: MEMBERS_READ,
  },
  { route: 'personPointsInfo', method: 'GET', path: (w) => `/person_bets/points_info/${w.personBetId}`, expected: OWN_HIDDEN_BET },
  { route: 'fillPersonBet', method: 'POST', path: () => '/person_bets/fill_person_bet', body: personBody, expected: MEMBERS_OWN_BET },
  { route: 'clearPersonBet', method: 'POST', path: () => '/person_bets/clear_person_bet', body: personBody, expected: MEMBERS_OWN_BET },

  // Alerts: visitors get an empty list.
  { route: 'alertsIndex', method: 'GET', path: () => '/alerts/index', expected: PUBLIC },

  // Updates: global admins only.
  { route: 'updatePartial', method: 'POST', path: () => '/update/update', expected: ADMIN_ONLY },
  { route: 'updateAll', method: 'POST', path: () => '/update/update_all', expected: ADMIN_ONLY },
  { route: 'updateCompetition', method: 'POST', path: (w) => `/update/update_competition/${w.cup.competitionId}`, expected: ADMIN_ONLY },
  {
    route: 'updateCompetitionPoints', method: 'POST', path: (w) => `/update/update_competition_points/${w.cup.competitionId}`,
    expected: ADMIN_ONLY,
  },
  { route: 'notify', method: 'POST', path: () => '/update/notify', expected: ADMIN_ONLY },
  {
    route: 'matchUpdate', method: 'PUT', path: (w) => `/matches/${w.matchId}`,
    body: () => ({ match: { local_goals: 1, visiting_goals: 0 } }), expected: ADMIN_ONLY,
  },

  // Personal API tokens: each user manages only their own.
  { route: 'apiTokensIndex', method: 'GET', path: () => '/users/api_tokens', expected: ANY_USER },
  {
    route: 'apiTokenCreate', method: 'POST', path: () => '/users/api_tokens', expected: ANY_USER,
    body: () => ({ name: 'Matrix bot', scope: 'read', expires_at: '2026-12-31T00:00:00.000Z' }),
  },
  { route: 'apiTokenRevoke', method: 'DELETE', path: (w) => `/users/api_tokens/${w.memberTokenId}`, expected: as(401, 404, 200, 404, 404) },

  // Push
  { route: 'pushPublicKey', method: 'GET', path: () => '/push/public_key', expected: PUBLIC },
  { route: 'subscribe', method: 'POST', path: () => '/subscribe', body: () => ({ subscription }), expected: ANY_USER },
  { route: 'unsubscribe', method: 'POST', path: () => '/unsubscribe', body: () => ({ subscription }), expected: ANY_USER },

  // Admin console: global admins only.
  {
    route: 'adminImportCompetition', method: 'POST', path: () => '/admin/competitions/import', sharedWorld: true, expected: ADMIN_ONLY,
    body: () => ({ provider: 'openfootball', file: { name: 'matrix-cup.json', content: matrixCupFile } }),
  },
  { route: 'adminCompetitions', method: 'GET', path: () => '/admin/competitions', expected: ADMIN_ONLY },
  // Unarchiving a competition that is not archived changes nothing; archiving it is the table's last row.
  { route: 'adminUnarchiveCompetition', method: 'POST', path: (w) => `/admin/competitions/${w.cup.competitionId}/unarchive`, sharedWorld: true, expected: ADMIN_ONLY },
  { route: 'adminProcesses', method: 'GET', path: () => '/admin/processes', expected: ADMIN_ONLY },
  { route: 'adminMail', method: 'GET', path: () => '/admin/mail', expected: ADMIN_ONLY },
  // The matrix's admin has not verified their address: the test email goes only to a verified one (409).
  { route: 'adminMailTest', method: 'POST', path: () => '/admin/mail/test', body: () => ({}), sharedWorld: true, expected: as(401, 403, 403, 403, 409) },
  { route: 'adminSettings', method: 'GET', path: () => '/admin/settings', expected: ADMIN_ONLY },
  { route: 'adminUsers', method: 'GET', path: () => '/admin/users?search=Extra', expected: ADMIN_ONLY },
  { route: 'adminResendVerification', method: 'POST', path: (w) => `/admin/users/${w.extra.id}/resend_verification`, sharedWorld: true, expected: ADMIN_ONLY },
  { route: 'adminPasswordReset', method: 'POST', path: (w) => `/admin/users/${w.extra.id}/password_reset`, sharedWorld: true, expected: ADMIN_ONLY },
  { route: 'adminDisableUser', method: 'POST', path: (w) => `/admin/users/${w.extra.id}/disable`, sharedWorld: true, expected: ADMIN_ONLY },
  { route: 'adminEnableUser', method: 'POST', path: (w) => `/admin/users/${w.extra.id}/enable`, sharedWorld: true, expected: ADMIN_ONLY },
  {
    route: 'adminSetAdmin', method: 'POST', path: (w) => `/admin/users/${w.extra.id}/admin`, body: () => ({ admin: true }),
    sharedWorld: true, expected: ADMIN_ONLY,
  },
  { route: 'adminAudit', method: 'GET', path: () => '/admin/audit', expected: ADMIN_ONLY },

  // Keep last: every later row's world makes leagues on this cup, which an archived competition refuses.
  { route: 'adminArchiveCompetition', method: 'POST', path: (w) => `/admin/competitions/${w.cup.competitionId}/archive`, sharedWorld: true, expected: ADMIN_ONLY },
];

function tokenOf(w: World, role: Role): string | null {
  return role === 'visitor' ? null : w[role].token;
}

// One app per database for the whole table (each row builds its own leagues and people), so the matrix stays quick.
describe.each(DB_KINDS)('acceptance: authorisation matrix of the league and bet routes [%s]', (kind) => {
  let t: TestApp;
  let cup: CupFixture;
  let admin: Player;
  beforeAll(async () => {
    t = await createTestApp(kind);
    cup = await createCup(t.deps.db, { start: t.clock.now() + DAY });
    admin = await createPlayer(t.deps, { name: 'Root', is_admin: true });
  });
  afterAll(async () => { await t.close(); });

  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_name, row) => {
    const actual = {} as Expected;
    // Reads change nothing, so one league serves every role; each write gets a fresh one.
    const shared = row.method === 'GET' || row.sharedWorld ? await buildWorld(t, cup, admin, row.inviteOutsider) : null;
    for (const role of ROLES) {
      const w = shared ?? await buildWorld(t, cup, admin, row.inviteOutsider);
      const res = await call(t.app, {
        method: row.method, url: api(row.path(w)), token: tokenOf(w, role),
        ...(row.body && { payload: row.body(w) as object }),
      });
      actual[role] = res.statusCode;
    }
    expect({ route: row.route, statuses: actual }).toEqual({ route: row.route, statuses: row.expected });
  });
});

describe('acceptance: authorisation matrix coverage', () => {
  it('covers every league and bet route of the route table', () => {
    const names = Object.keys({
      ...leagueRoutes, ...leagueLogRoutes, ...leagueBoardRoutes, ...bonusQuestionRoutes, ...invitationRoutes, ...resultBetRoutes, ...lateEntryRoutes,
      ...roundBetRoutes, ...personBetRoutes, ...betDistributionRoutes, ...dataExportRoutes,
      ...tableRoutes, ...titleRaceRoutes, ...webhookRoutes, ...alertRoutes, ...apiTokenRoutes, ...updateRoutes, ...pushRoutes, ...adminCompetitionRoutes, ...adminOperationRoutes, ...adminUserRoutes,
    }).sort();
    const covered = [...new Set(ROWS.map((row) => row.route.split(' ')[0]))].sort();
    expect(covered).toEqual(names);
  });
});

describe.each(DB_KINDS)('acceptance: a global admin outside a league [%s]', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); });
  afterAll(async () => { await t.close(); });

  it("may read the league's bets but gets no bets of its own there, so members never see an outsider's bets", async () => {
    const cup = await createCup(t.deps.db, { start: t.clock.now() + DAY });
    const admin = await createPlayer(t.deps, { name: 'Root', is_admin: true });
    const w = await buildWorld(t, cup, admin, undefined);
    const read = await call(t.app, { method: 'GET', url: api(`/result_bets/index/${w.leagueId}`), token: admin.token });
    expect(read.statusCode).toBe(200);
    const own = await t.deps.db.selectFrom('result_bets').select('id').where('league_id', '=', w.leagueId).where('user_id', '=', admin.id).execute();
    expect(own).toEqual([]);
    const members: any[] = await ok(t, 'GET', `/result_bets/index/${w.leagueId}?user_id=${w.member.id}`, admin.token);
    expect(members.map((b) => b.user_id)).toEqual(members.map(() => w.member.id));
  });
});
