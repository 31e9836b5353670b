import { handleSignedIn, leagueWorld } from './leagueWorld';
import { fail, ok } from './route';

/**
 * League webhooks answered like the server would, from a store made per test (`webhookWorld()`, handed to
 * `server.use(...webhookHandlers(world))`): only the league's owner passes; the secret is answered once.
 */
export function webhookWorld() {
  return { hooks: [] as any[], tests: 0, nextId: 1 };
}
export type WebhookWorld = ReturnType<typeof webhookWorld>;

const SECRET = 'a'.repeat(64);

export function webhookHandlers(world: WebhookWorld) {
  const owned = (leagueId: string | number, userId: number) => {
    const league = leagueWorld.leagues.find((l) => l.id === Number(leagueId));
    if (!league) return fail(404, 'The league was not found');
    return league.owner_id === userId ? null : fail(403, 'You do not have permission to do that');
  };
  return [
    handleSignedIn('webhookIndex', ({ params }, user) => owned(params.league_id, user.id) ?? ok(world.hooks.filter((h) => h.league_id === Number(params.league_id)))),
    handleSignedIn('webhookCreate', ({ body }, user) => {
      const refused = owned(body.league_id, user.id);
      if (refused) return refused;
      let host: string;
      try { host = new URL(body.url).host; } catch { return fail(400, 'The request is not valid', { url: ['must be an http:// or https:// address'] }); }
      if (host.startsWith('10.')) return fail(400, 'The request is not valid', { url: ["must be an address on the public internet (not the server's own network)"] });
      const hook = {
        id: world.nextId++, league_id: body.league_id, kind: body.kind, host, events: body.events, created_at: '2026-06-01T12:00:00.000Z',
        failing_since: null, disabled_at: null, deliveries: [],
      };
      world.hooks.push(hook);
      return ok({ message: 'Webhook added: copy its secret now, it will not be shown again', webhook: hook, secret: SECRET });
    }),
    handleSignedIn('webhookTest', ({ params }, user) => {
      const refused = owned(params.league_id, user.id);
      if (refused) return refused;
      const hook = world.hooks.find((h) => h.id === Number(params.id));
      if (!hook) return fail(404, 'The webhook does not exist in this league');
      world.tests += 1;
      hook.deliveries.unshift({
        id: 100 + world.tests, event: 'test', status: 'delivered', attempts: 1, last_status: 204, last_error: null,
        created_at: '2026-06-01T12:05:00.000Z', next_attempt_at: null, finished_at: '2026-06-01T12:05:01.000Z',
      });
      return ok({ message: 'Test message on its way: its delivery shows below in a few seconds' });
    }),
    handleSignedIn('webhookDelete', ({ params }, user) => {
      const refused = owned(params.league_id, user.id);
      if (refused) return refused;
      const before = world.hooks.length;
      world.hooks = world.hooks.filter((h) => h.id !== Number(params.id));
      return before === world.hooks.length ? fail(404, 'The webhook does not exist in this league') : ok({ message: 'Webhook removed' });
    }),
  ];
}
