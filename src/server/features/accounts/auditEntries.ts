import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';

/**
 * The console's audit list: each entry with the name of who did it and of what it was done to, in one query (left
 * joins per kind of target, so a page costs the same whatever it holds). A target names itself by what a person
 * recognises: a user or competition by its name, a match by its two teams, a bet by the member it belongs to. A
 * target deleted since keeps its id and has no name.
 */
export async function listAuditEntries(db: Executor, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    db.selectFrom('audit_log as a')
      .leftJoin('users as actor', 'actor.id', 'a.actor_id')
      .leftJoin('users as tu', (join) => join.onRef('tu.id', '=', 'a.entity_id').on('a.entity', '=', 'user'))
      .leftJoin('competitions as tc', (join) => join.onRef('tc.id', '=', 'a.entity_id').on('a.entity', '=', 'competition'))
      .leftJoin('matches as tm', (join) => join.onRef('tm.id', '=', 'a.entity_id').on('a.entity', '=', 'match'))
      .leftJoin('teams as local', 'local.id', 'tm.local_team_id')
      .leftJoin('teams as visiting', 'visiting.id', 'tm.visiting_team_id')
      .leftJoin('result_bets as trb', (join) => join.onRef('trb.id', '=', 'a.entity_id').on('a.entity', '=', 'result_bet'))
      .leftJoin('round_bets as tro', (join) => join.onRef('tro.id', '=', 'a.entity_id').on('a.entity', '=', 'round_bet'))
      .leftJoin('person_bets as tpe', (join) => join.onRef('tpe.id', '=', 'a.entity_id').on('a.entity', '=', 'person_bet'))
      .leftJoin('users as bettor', (join) => join.on(sql<boolean>`bettor.id = coalesce(trb.user_id, tro.user_id, tpe.user_id)`))
      .select([
        'a.id', 'a.action', 'a.entity', 'a.entity_id', 'a.details', 'a.created_at', 'a.actor_id', 'actor.name as actor_name',
        sql<string | null>`coalesce(
          tu.name, tc.name, bettor.name,
          coalesce(local.team_name, tm.local_placeholder) || ' – ' || coalesce(visiting.team_name, tm.visiting_placeholder)
        )`.as('target_name'),
      ])
      .orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
