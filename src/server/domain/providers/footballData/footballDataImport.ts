import { defaultPickRules } from '../../../../shared/domain/leagueRules';
import { KNOCKOUT_ORDER } from '../../../../shared/domain/rounds';
import type { Executor } from '../../../platform/db/database';
import { createCompetitionPartitions } from '../../../platform/db/competitionPartitions';
import type { AppDeps } from '../../../platform/deps';
import { applySnapshot, fetchFullSnapshot } from './footballDataSync';
import { clientFor } from './footballDataProvider';
import { competitionKey, roundOfStage } from './mapping';

interface ImportResult { competitionId: number; created: boolean; updatedMatches: number }

/**
 * `porra import --football-data CODE [--season YEAR]`: creates (or refreshes) a competition from the API and sets
 * it to update from football-data. Reads everything first; writes in one transaction.
 */
export async function importFootballData(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, code: string, season?: number): Promise<ImportResult> {
  const client = clientFor(deps);
  const info = await client.competition(code);
  const snapshot = await fetchFullSnapshot(client, code, season);
  const type: 'cup' | 'league' = info.type === 'LEAGUE' || snapshot.matches.every((m) => m.stage === 'REGULAR_SEASON') ? 'league' : 'cup';
  const now = deps.clock.now();
  const externalKey = competitionKey(code, season);
  const providerRef = season ? `${code}:${season}` : code;
  const name = season ? `${info.name} ${season}` : info.name;

  return deps.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('competitions').select('id').where('external_key', '=', externalKey).executeTakeFirst();
    let competitionId: number;
    if (existing) {
      competitionId = existing.id;
      await trx.updateTable('competitions').set({ name, provider: 'football-data', provider_ref: providerRef, updated_at: now })
        .where('id', '=', competitionId).execute();
    } else {
      ({ id: competitionId } = await trx.insertInto('competitions').values({
        name, competition_type: type, provider: 'football-data', provider_ref: providerRef, external_key: externalKey, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow());
      await createCompetitionPartitions(trx, competitionId);
    }
    const result = await applySnapshot(trx, { id: competitionId, competition_type: type }, snapshot, now);
    await ensureDefaultRules(trx, competitionId, type, snapshot.matches.map((m) => roundOfStage(m.stage)));
    return { competitionId, created: !existing, updatedMatches: result.updatedMatches };
  });
}

/** Default pick rules (leagueRules.ts) for a new competition; rules an admin already has are kept. */
async function ensureDefaultRules(trx: Executor, competitionId: number, type: 'cup' | 'league', roundIds: (number | null)[]): Promise<void> {
  const teamsPerRound: Record<number, number> = {};
  for (const roundId of roundIds) if (roundId !== null && KNOCKOUT_ORDER.includes(roundId)) teamsPerRound[roundId] = (teamsPerRound[roundId] ?? 0) + 2;
  const rules = defaultPickRules(type, teamsPerRound);
  await trx.insertInto('league_rules').values(rules.map((r) => ({ competition_id: competitionId, ...r })))
    .onConflict((oc) => oc.columns(['competition_id', 'round_id']).doNothing()).execute();
}
