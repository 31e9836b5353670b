import Type from 'typebox';
import { route } from '../route';
import { Match, MatchStatus } from '../entities';
import { Id, IdParams, Nullable, Strict, Timestamp } from '../schemas';

/** What every admin process answers: the translated "Process ... finished" and what it did. */
const ProcessResult = Type.Object({
  message: Type.String(),
  process: Type.String(),
  updated_matches: Type.Optional(Type.Integer()),
  notified: Type.Optional(Type.Integer()),
});

const Goals = Nullable(Type.Integer({ minimum: 0, maximum: 99 }));

/** An admin's correction of a match: only the fields sent change. */
export const MatchEdit = Strict({
  local_goals: Type.Optional(Goals),
  visiting_goals: Type.Optional(Goals),
  local_goals_extra_time: Type.Optional(Goals),
  visiting_goals_extra_time: Type.Optional(Goals),
  local_penalties: Type.Optional(Goals),
  visiting_penalties: Type.Optional(Goals),
  status: Type.Optional(MatchStatus),
  date: Type.Optional(Timestamp),
  local_team_id: Type.Optional(Nullable(Id)),
  visiting_team_id: Type.Optional(Nullable(Id)),
});

/** Global admin: pull results from providers, recompute points, send reminders. */
export const updateRoutes = {
  updatePartial: route({
    method: 'POST', path: '/update/update', prefixed: true, access: 'admin', process: 'update',
    errors: [409, 502],
    summary: 'Update matches in progress or recently finished of every active competition',
    response: ProcessResult,
  }),
  updateAll: route({
    method: 'POST', path: '/update/update_all', prefixed: true, access: 'admin', process: 'update_all',
    errors: [409, 502],
    summary: 'Full sync of every active competition from its provider',
    response: ProcessResult,
  }),
  updateCompetition: route({
    method: 'POST', path: '/update/update_competition/:id', prefixed: true, access: 'admin', process: 'update_competition',
    errors: [409, 502],
    summary: 'Full sync of one competition from its provider',
    params: IdParams, response: ProcessResult,
  }),
  updateCompetitionPoints: route({
    method: 'POST', path: '/update/update_competition_points/:id', prefixed: true, access: 'admin', process: 'update_competition_points',
    errors: [409],
    summary: 'Recompute every point of a competition',
    params: IdParams, response: ProcessResult,
  }),
  notify: route({
    method: 'POST', path: '/update/notify', prefixed: true, access: 'admin', process: 'notify',
    errors: [409],
    summary: 'Remind players with bets closing within 24 hours (Web Push, and email to those who opted in)',
    response: ProcessResult,
  }),
  matchUpdate: route({
    method: 'PUT', path: '/matches/:id', prefixed: true, access: 'admin', process: 'match_update',
    errors: [409],
    summary: 'Correct a match by hand; points are recomputed at once',
    params: IdParams, body: Strict({ match: MatchEdit }),
    response: Type.Object({ message: Type.String(), match: Match }),
  }),
} as const;
