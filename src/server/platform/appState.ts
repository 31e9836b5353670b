import type {
  Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryExecutor, QueryResult, RootOperationNode, UnknownRow,
} from 'kysely';

/**
 * What an app keeps across requests (caches): one value per slot and app, made on first use. The app's
 * dependencies hold it, so two apps in one process (tests, the bench) never share a cache and none needs resetting.
 */
interface AppStateSlot<T> { readonly create: () => T }

export const appStateSlot = <T>(create: () => T): AppStateSlot<T> => ({ create });

export class AppState {
  readonly #values = new Map<AppStateSlot<unknown>, unknown>();

  get<T>(slot: AppStateSlot<T>): T {
    if (!this.#values.has(slot)) this.#values.set(slot, slot.create());
    return this.#values.get(slot) as T;
  }
}

/** Carries an app's state on its database executor, transactions included; it changes no query nor result. */
class AppStatePlugin implements KyselyPlugin {
  constructor(readonly state: AppState) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode { return args.node; }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> { return args.result; }
}

/** The app's database: the same connections, with the app's state reachable from any of its transactions. */
export function withAppState<DB>(db: Kysely<DB>, state: AppState): Kysely<DB> {
  return db.withPlugin(new AppStatePlugin(state));
}

/**
 * The state of the app that runs on this executor (a repository holds only the executor it was given), or
 * undefined for one outside any app (a CLI command's own database), which has no caches to keep up to date.
 */
export function appStateOf(executor: { getExecutor(): QueryExecutor }): AppState | undefined {
  for (const plugin of executor.getExecutor().plugins) if (plugin instanceof AppStatePlugin) return plugin.state;
  return undefined;
}
