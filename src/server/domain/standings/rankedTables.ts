import { sql } from 'kysely';
import { yieldToOthers } from '../../platform/concurrency/slicedWork';
import type { Static } from 'typebox';
import { PAGED_TABLE_FROM, type LeagueTable, type TableRow } from '../../../shared/api/routes/tables';
import { LOCALES, type Locale } from '../../../shared/domain/locales';
import { appStateSlot } from '../../platform/appState';
import { ByteBoundedCache } from '../../platform/caching/byteBoundedCache';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { LeagueAccessRow } from '../leagues/leagueRows';
import { departmentMembers, rankColumns, rowAt, type RankedRows } from './columnRanking';
import { tableHeader, tableSettings } from './leagueTable';
import { listTableMembers, matchdayCompletion } from './standingsRepository';
import { rankDepartments } from './tableRanking';
import { hasTableVersion } from './tableVersions';

/**
 * The whole ranked tables of big leagues (more than PAGED_TABLE_FROM members), kept per process and table version
 * so that each read of one of their pages costs a slice: ranking 200,000 members takes more than a second, a page must not.
 * A table is read in one snapshot together with the version it is kept under, so it is wholly before or wholly
 * after any change; it serves reads of that version or an older one (versions only grow). The result job ranks the
 * big leagues of each batch once the batch has committed (prebuildRankedTables), so the first read finds them.
 * The rows are ranked once, kept as columns (columnRanking.ts) and listed per language (names order only the
 * members sharing a position).
 */

type Table = Static<typeof LeagueTable>;
type Row = Static<typeof TableRow>;

/** What a table answers besides its member rows, per language (departments are ordered by name among equals). */
type Header = Omit<Table, 'users'>;

interface RankedTable { version: number; members: number; rows: RankedRows; headers: Map<Locale, Header> }

/** Rows kept over every table (~150 bytes a row, shared by the languages): ten 200,000-member leagues. */
const MAX_ROWS = 2_000_000;

const RANKED = appStateSlot(() => ({
  tables: new ByteBoundedCache<RankedTable>(MAX_ROWS, (table) => table.members),
  /** Builds under way, by key and version: concurrent first reads wait for one build. */
  building: new Map<string, Promise<RankedTable>>(),
  /** Member counts by league, with the version they were counted at. */
  sizes: new ByteBoundedCache<{ version: number; members: number }>(100_000, () => 1),
  prebuild: { queue: [] as number[], running: null as Promise<void> | null },
}));

const keyOf = (leagueId: number, matchday: number | undefined) => `${leagueId}:${matchday ?? ''}`;

async function countMembers(db: Db, leagueId: number): Promise<number> {
  const row = await db.selectFrom('league_members').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('league_id', '=', leagueId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the league's table at `version` is answered a page at a time (counted once per version). */
export async function isPagedTable(deps: AppDeps, league: Pick<LeagueAccessRow, 'id' | 'table_version'>): Promise<boolean> {
  const sizes = deps.state.get(RANKED).sizes;
  let size = sizes.get(String(league.id));
  if (!size || size.version < league.table_version) {
    size = { version: league.table_version, members: await countMembers(deps.db, league.id) };
    sizes.set(String(league.id), size);
  }
  return size.members > PAGED_TABLE_FROM;
}

/**
 * The table ranked from one snapshot, with the version it is at (PostgreSQL: one repeatable-read transaction,
 * without JIT compilation, which costs more than it saves on these reads).
 */
async function rankSnapshot(db: Db, dialect: AppDeps['dialect'], league: Pick<LeagueAccessRow, 'id' | 'competition_id'>, requestedMatchday: number | undefined): Promise<RankedTable> {
  const read = async (snapshot: Db) => {
    const row = await snapshot.selectFrom('leagues').select('table_version').where('id', '=', league.id).executeTakeFirstOrThrow();
    const settings = await tableSettings(snapshot, league);
    const complete = await matchdayCompletion(snapshot, league.competition_id);
    const members = await listTableMembers(snapshot, league.id, league.competition_id);
    await yieldToOthers();
    const matchday = requestedMatchday ?? settings.lastPlayed;
    const { rows, winners } = await rankColumns(members, complete, matchday, settings.tieBreaks, LOCALES);
    const departments = departmentMembers(rows);
    const header = (locale: Locale): Header => tableHeader(settings, matchday, winners, rankDepartments(departments, locale), members.length);
    return { version: Number(row.table_version), members: members.length, rows, headers: new Map(LOCALES.map((locale) => [locale, header(locale)])) };
  };
  if (dialect !== 'postgres') return read(db);
  return db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    await sql`SET LOCAL jit = off`.execute(trx);
    return read(trx);
  });
}

/**
 * The league's whole ranked table at `version` or later, built at most once per version in this process (a
 * replica may build it once it holds the version).
 */
async function rankedTable(
  deps: AppDeps, league: Pick<LeagueAccessRow, 'id' | 'competition_id' | 'table_version'>, matchday: number | undefined,
): Promise<RankedTable> {
  const ranked = deps.state.get(RANKED);
  const key = keyOf(league.id, matchday);
  const kept = ranked.tables.get(key);
  if (kept && kept.version >= league.table_version) return kept;
  const buildKey = `${key}:${league.table_version}`;
  let build = ranked.building.get(buildKey);
  if (!build) {
    build = deps.replica.whenCurrent((db) => hasTableVersion(db, league.id, league.table_version), (db) => rankSnapshot(db, deps.dialect, league, matchday))
      .then((table) => {
        const current = ranked.tables.get(key);
        if (!current || current.version <= table.version) ranked.tables.set(key, table);
        return table;
      })
      .finally(() => ranked.building.delete(buildKey));
    ranked.building.set(buildKey, build);
  }
  return build;
}

/** One page of the league's ranked table for `viewerId`, who also gets their own row wherever it is. */
export async function tablePage(
  deps: AppDeps, league: Pick<LeagueAccessRow, 'id' | 'competition_id' | 'table_version'>,
  viewer: { id: number; locale: Locale }, query: { matchday?: number; offset?: number; limit: number },
): Promise<Table> {
  const { rows, headers, members } = await rankedTable(deps, league, query.matchday);
  const order = rows.orders.get(viewer.locale)!;
  const offset = query.offset ?? 0;
  const users = Array.from(order.subarray(offset, offset + query.limit), (index) => rowAt(rows, index));
  const own = rows.figures.user_id.indexOf(viewer.id);
  return paged({ ...headers.get(viewer.locale)!, users }, members, offset, own === -1 ? null : rowAt(rows, own));
}

/** The page of a whole `table` (a simulation) from `offset`, with `viewerId`'s row (null when they are not in it). */
export function pageOf(table: Table, viewerId: number, offset: number, limit: number): Table {
  const own = table.users.find((row) => row.user_id === viewerId) ?? null;
  return paged({ ...table, users: table.users.slice(offset, offset + limit) }, table.users.length, offset, own);
}

/**
 * A page answer: its rows, the reader's own row, and the matchday winners among the rows it sends (a big league's
 * matchday can have tens of thousands of winners; the page marks its own).
 */
function paged(table: Omit<Table, 'total_users' | 'offset'>, total: number, offset: number, own: Row | null): Table {
  const sent = new Set(table.users.map((row) => row.user_id));
  if (own) sent.add(own.user_id);
  return {
    ...table, total_users: total, offset, own_row: own,
    matchday_winner_ids: table.matchday_winner_ids.filter((id) => sent.has(id)),
    matchday_winners: table.matchday_winners.map((day) => ({ ...day, user_ids: day.user_ids.filter((id) => sent.has(id)) })),
  };
}

/**
 * After a result job's batch has committed: the big leagues among `leagueIds` are ranked at their new version, one
 * at a time in the background, so the first read of each finds its table. Failures are logged: a read builds it then.
 */
export function prebuildRankedTables(deps: AppDeps, leagueIds: number[]): void {
  const { prebuild } = deps.state.get(RANKED);
  prebuild.queue.push(...leagueIds);
  if (prebuild.running) return;
  prebuild.running = (async () => {
    for (let id = prebuild.queue.shift(); id !== undefined; id = prebuild.queue.shift()) {
      const league = await deps.db.selectFrom('leagues').select(['id', 'competition_id', 'table_version']).where('id', '=', id).executeTakeFirst();
      if (!league) continue;
      const row = { id: Number(league.id), competition_id: Number(league.competition_id), table_version: Number(league.table_version) };
      if (await isPagedTable(deps, row)) await rankedTable(deps, row, undefined);
    }
  })().catch((error: unknown) => {
    deps.log.error({ err: error }, 'ranked tables: a prebuild failed; the first read ranks the table');
  }).finally(() => { prebuild.running = null; });
}

/** The prebuilds under way, if any (tests wait for them). */
export function prebuildingRankedTables(deps: AppDeps): Promise<void> {
  return deps.state.get(RANKED).prebuild.running ?? Promise.resolve();
}
