import Type from 'typebox';
import { route } from '../route';
import { Id, Message, Nullable, Strict, Timestamp } from '../schemas';

export const WEBHOOK_KINDS = ['discord', 'slack', 'teams', 'json'] as const;
export const WEBHOOK_EVENTS = ['result', 'matchday_winners', 'bets_shown', 'pinned_post'] as const;

const WebhookKind = Type.Union([Type.Literal('discord'), Type.Literal('slack'), Type.Literal('teams'), Type.Literal('json')]);
const WebhookEvent = Type.Union([Type.Literal('result'), Type.Literal('matchday_winners'), Type.Literal('bets_shown'), Type.Literal('pinned_post')]);

/** One event sent (or being sent) to a hook: `test` for a test the owner asked for. */
export const WebhookDelivery = Type.Object({
  id: Id,
  event: Type.String(),
  /** pending: waiting for its next attempt; delivered: acknowledged with a 2xx; failed: given up after 24 hours. */
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer({ minimum: 0 }),
  /** The receiver's last HTTP status (none: it never answered). */
  last_status: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  created_at: Timestamp,
  next_attempt_at: Nullable(Timestamp),
  finished_at: Nullable(Timestamp),
});

/** A league's webhook as its owner sees it: the URL holds the chat's credential, so only its host is shown. */
export const Webhook = Type.Object({
  id: Id,
  league_id: Id,
  kind: WebhookKind,
  host: Type.String(),
  events: Type.Array(WebhookEvent),
  created_at: Timestamp,
  /** When its deliveries began to fail (none: the last one arrived). */
  failing_since: Nullable(Timestamp),
  /** When it was switched off after failing for 24 hours; a disabled hook sends nothing. */
  disabled_at: Nullable(Timestamp),
  /** The last deliveries, newest first (at most 10). */
  deliveries: Type.Array(WebhookDelivery),
});

const LeagueHookParams = Strict({ league_id: Id, id: Id });

export const webhookRoutes = {
  webhookCreate: route({
    method: 'POST', path: '/leagues/webhooks', prefixed: true, access: 'user', process: 'webhook_create',
    errors: [403, 404, 409],
    summary: "Connect the league to a chat (Discord, Slack or Teams incoming-webhook URL) or a JSON endpoint, for the chosen events "
      + "(owner). The URL must reach the public internet (400 otherwise). The answer carries the hook's signing `secret`, shown only here; 409 when the league already has 5 hooks",
    body: Strict({
      league_id: Id,
      url: Type.String({ minLength: 1, maxLength: 2000 }),
      kind: WebhookKind,
      events: Type.Array(WebhookEvent, { minItems: 1, maxItems: WEBHOOK_EVENTS.length }),
    }),
    response: Type.Object({ message: Type.String(), webhook: Webhook, secret: Type.String() }),
  }),
  webhookIndex: route({
    method: 'GET', path: '/leagues/webhooks/:league_id', prefixed: true, access: 'user',
    errors: [403, 404],
    summary: "The league's webhooks with their last deliveries (owner; global admins may look)",
    params: Strict({ league_id: Id }), response: Type.Array(Webhook),
  }),
  webhookDelete: route({
    method: 'DELETE', path: '/leagues/webhooks/:league_id/:id', prefixed: true, access: 'user', process: 'webhook_delete',
    errors: [403, 404],
    summary: 'Disconnect a webhook; what it had not sent yet is dropped (owner)',
    params: LeagueHookParams, response: Message,
  }),
  webhookTest: route({
    method: 'POST', path: '/leagues/webhooks/test/:league_id/:id', prefixed: true, access: 'user', process: 'webhook_test',
    errors: [403, 404, 409, 429],
    summary: 'Queue a test message to a webhook, sent like any event (owner); a switched-off hook is switched on again by it. '
      + 'At most 5 tests per hook a quarter of an hour (429), none while 100 events wait for the hook (409)',
    params: LeagueHookParams, response: Message,
  }),
} as const;
