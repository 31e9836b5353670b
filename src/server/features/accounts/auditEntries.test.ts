import { call, describeEachDb } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { reminderWorld } from '../../platform/push/testing/reminderWorld';

const api = (path: string, locale = 'en') => `/api/v1/${locale}${path}`;

describeEachDb('admin console: audit entries name the people and things', (ctx) => {
  it('names who did each action and what it was done to: a user, a competition, a match by its teams, a bet by its member', async () => {
    const t = ctx();
    const world = await reminderWorld(t);
    const root = await createUserWithToken(t.deps, { is_admin: true, name: 'Root' });
    const db = t.deps.db;
    const now = t.clock.now();
    const match = await db.selectFrom('matches as m').innerJoin('teams as l', 'l.id', 'm.local_team_id').innerJoin('teams as v', 'v.id', 'm.visiting_team_id')
      .select(['m.id', 'l.team_name as local', 'v.team_name as visiting']).where('m.id', '=', world.cup.groupMatchIds[0]!).executeTakeFirstOrThrow();
    const bet = await db.selectFrom('result_bets').select('id').where('user_id', '=', world.carla.id).where('match_id', '=', match.id).executeTakeFirstOrThrow();
    const competition = await db.selectFrom('competitions').select('name').where('id', '=', world.cup.competitionId).executeTakeFirstOrThrow();
    const gone = await createUserWithToken(t.deps, { name: 'Gone' });
    const entries = [
      { entity: 'user', entity_id: world.ana.id, action: 'disable_user' },
      { entity: 'competition', entity_id: world.cup.competitionId, action: 'archive_competition' },
      { entity: 'match', entity_id: match.id, action: 'match_update' },
      { entity: 'result_bet', entity_id: bet.id, action: 'result_bet.corrected' },
      { entity: 'user', entity_id: gone.id, action: 'enable_user' },
    ];
    for (const [i, entry] of entries.entries()) {
      await db.insertInto('audit_log').values({ ...entry, actor_id: root.id, details: null, created_at: now + i }).execute();
    }
    await db.deleteFrom('sessions').where('user_id', '=', gone.id).execute();
    await db.deleteFrom('users').where('id', '=', gone.id).execute();

    const res = await call(t.app, { method: 'GET', url: api('/admin/audit'), token: root.token });
    expect(res.statusCode).toBe(200);
    expect(res.data.entries.map((e: { action: string; actor: { name: string }; target_name: string | null }) => [e.action, e.actor.name, e.target_name])).toEqual([
      ['enable_user', 'Root', null],
      ['result_bet.corrected', 'Root', 'Carla'],
      ['match_update', 'Root', `${match.local} – ${match.visiting}`],
      ['archive_competition', 'Root', competition.name],
      ['disable_user', 'Root', 'Ana'],
    ]);
    expect(res.data.entries[0]).toMatchObject({ entity: 'user', entity_id: gone.id });
  });

  it('is for global admins only', async () => {
    const t = ctx();
    const member = await createUserWithToken(t.deps, {});
    expect((await call(t.app, { method: 'GET', url: api('/admin/audit'), token: member.token })).statusCode).toBe(403);
  });
});
