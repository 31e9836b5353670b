import { ROUNDS } from '../../../shared/domain/rounds';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The round catalogue has fixed ids; keep the table in step with the shared definition. */
export async function seedCatalogue(db: Kysely<Database>): Promise<void> {
  await db.insertInto('rounds')
    .values(ROUNDS.map((r) => ({ id: r.id, name: r.name, kind: r.kind })))
    .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), kind: eb.ref('excluded.kind') })))
    .execute();
}
