import Type from 'typebox';
import { League, LeagueRule, LeagueSettings, Scoring } from '../entities';
import { route } from '../route';
import { Id, IdParams, Message, Nullable, Strict, Timestamp } from '../schemas';
import { NewBonusQuestion } from './bonusQuestions';

const settings = LeagueSettings.properties;

/** Create: name and competition are required; every other setting has a default. */
const NewLeague = Type.Object(
  { ...Type.Partial(LeagueSettings).properties, name: settings.name, competition_id: settings.competition_id },
  { additionalProperties: false },
);

/**
 * Settings that may still change after the first kickoff: none of them moves a point already earned. Every other
 * setting is frozen then (unless editable_after_start), as a change would rescore bets already played.
 */
export const EDITABLE_AFTER_START = ['name', 'description', 'allow_invite', 'allow_join', 'bots'] as const satisfies readonly (keyof LeagueSettings)[];

/** Update: any subset of the settings; competition_id may be repeated but never changed. */
const LeagueChanges = Type.Partial(LeagueSettings, { additionalProperties: false });

/** Bonus questions a league may be created with (more are asked afterwards, one at a time). */
export const MAX_NEW_LEAGUE_QUESTIONS = 10;

const LeagueMessage = Type.Object({ message: Type.String(), league: League });

const LeagueSearchResult = Type.Object({
  id: Id,
  name: Type.String(),
  competition: Type.Object({ id: Id, name: Type.String(), finished: Type.Boolean(), is_league: Type.Boolean() }),
  members_count: Type.Integer(),
  owner_name: Type.String(),
  /** The caller may join without a token (allow_join, or a pending invitation). */
  joinable: Type.Boolean(),
  invited: Type.Boolean(),
  is_member: Type.Boolean(),
});

const LeagueMember = Type.Object({
  user_id: Id,
  user_name: Type.String(),
  department: Nullable(Type.String()),
  joined_at: Timestamp,
  is_owner: Type.Boolean(),
});

/** A named scoring model a league may start from. */
const ScoringPreset = Type.Object({
  key: Type.Union([Type.Literal('classic'), Type.Literal('winner'), Type.Literal('kicktipp'), Type.Literal('tendency_exact'),
    Type.Literal('quote'), Type.Literal('odds')]),
  name: Type.String(),
  scoring: Scoring,
});

export const leagueRoutes = {
  scoringPresets: route({
    method: 'GET', path: '/scoring_presets', prefixed: true, access: 'public', tokens: 'read',
    summary: 'The scoring presets a league may use, with translated names (classic is the default)',
    response: Type.Array(ScoringPreset),
  }),
  leagueIndex: route({
    method: 'GET', path: '/leagues/index', prefixed: true, access: 'user', tokens: 'read',
    errors: [404],
    summary: "The caller's leagues; with user_id the leagues shared with that user; with competition_id those of a competition",
    query: Strict({ user_id: Type.Optional(Id), competition_id: Type.Optional(Id) }),
    response: Type.Array(League),
  }),
  leagueShow: route({
    method: 'GET', path: '/leagues/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: 'A league (members; joinable or invited non-members, or holders of its share or invitation token, see it without the share token; anyone else gets 403 saying the league is private, and nothing of it)',
    params: IdParams,
    query: Type.Object({ token: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }, { additionalProperties: false }),
    response: League,
  }),
  leaguesUsers: route({
    method: 'GET', path: '/leagues/leagues_users/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: 'Members of a league, in joining order', params: IdParams, response: Type.Array(LeagueMember),
  }),
  leagueLeagueRules: route({
    method: 'GET', path: '/leagues/league_rules/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: "The competition's pick rules that are active in this league", params: IdParams, response: Type.Array(LeagueRule),
  }),
  leagueCreate: route({
    method: 'POST', path: '/leagues', prefixed: true, access: 'user', process: 'league_create',
    errors: [403],
    summary: 'Create a league, and its first bonus questions with it (all or nothing); the creator is its owner and first member',
    body: Strict({
      league: NewLeague,
      /** Bonus questions asked at once, written in the league's transaction: a bad one creates neither (400 naming it). */
      bonus_questions: Type.Optional(Type.Array(NewBonusQuestion, { maxItems: MAX_NEW_LEAGUE_QUESTIONS })),
    }),
    response: LeagueMessage,
  }),
  leagueUpdate: route({
    method: 'PUT', path: '/leagues/:id', prefixed: true, access: 'user', process: 'league_update',
    errors: [403],
    summary: 'Change league settings (owner). After the first kickoff only name, description, allow_invite, allow_join and bots may change (403 saying which settings are frozen and why otherwise) unless editable_after_start; a new scoring recomputes at once',
    params: IdParams, body: Strict({ league: LeagueChanges }), response: LeagueMessage,
  }),
  leagueDelete: route({
    method: 'DELETE', path: '/leagues/:id', prefixed: true, access: 'user', process: 'league_delete',
    errors: [403],
    summary: 'Delete a league and every bet in it (owner)', params: IdParams, response: Message,
  }),
  leagueCancel: route({
    method: 'DELETE', path: '/leagues/cancel/:id', prefixed: true, access: 'user', process: 'league_cancel',
    errors: [403],
    summary: "Leave a league: the caller's bets are lost; an owner hands the league to the earliest-joined member",
    params: IdParams, response: Message,
  }),
  leagueSearch: route({
    method: 'POST', path: '/leagues/search', prefixed: true, access: 'user',
    summary: 'Joinable leagues and leagues the caller is invited to, by name',
    body: Strict({ text: Type.String({ maxLength: 100 }) }), response: Type.Array(LeagueSearchResult),
  }),
  leagueJoin: route({
    method: 'POST', path: '/leagues/join', prefixed: true, access: 'user', process: 'league_join',
    errors: [403, 404, 409],
    summary: "Join with an invitation token, the league's share token, or none when the league allows joining",
    body: Strict({ league_id: Id, invitation_token: Type.Optional(Nullable(Type.String({ maxLength: 64 }))) }),
    response: LeagueMessage,
  }),
  leagueUpdateDepartment: route({
    method: 'POST', path: '/leagues/update_department', prefixed: true, access: 'user', process: 'league_update_department',
    errors: [403, 404],
    summary: "Set a member's department (owner for anyone, a member for themselves)",
    body: Strict({ league_id: Id, user_id: Id, department: Nullable(Type.String({ maxLength: 100 })) }),
    response: Type.Object({ message: Type.String(), member: LeagueMember }),
  }),
  leagueRegenerateShareToken: route({
    method: 'POST', path: '/leagues/regenerate_share_token/:id', prefixed: true, access: 'user', process: 'league_regenerate_share_token',
    errors: [403],
    summary: 'Replace the share link (owner): the old link stops letting anyone join or look at once',
    params: IdParams, response: LeagueMessage,
  }),
  leagueRemoveUser: route({
    method: 'DELETE', path: '/leagues/remove_user/:league_id/:user_id', prefixed: true, access: 'user', process: 'league_remove_user',
    errors: [403],
    summary: 'Remove a member and their bets (owner); they may come back only through a new invitation from the owner',
    params: Strict({ league_id: Id, user_id: Id }), response: Message,
  }),
} as const;
