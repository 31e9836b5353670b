import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';

/**
 * With WEB_CONCURRENCY workers sharing one port, a scrape of /metrics reaches one worker at random. So a worker
 * asks the supervisor, which gathers every worker's own figures over the cluster's IPC channel and sums them
 * (prom-client's aggregation: counters and histograms add up, the event-loop lag averages, ...): each scrape sees
 * the whole server, as with a single process.
 */
const COLLECT = 'porra:metrics:collect'; // worker -> supervisor: the cluster's metrics, please
const REPORT = 'porra:metrics:report'; // supervisor -> every worker: your own, please; worker -> supervisor: here they are
const COLLECTED = 'porra:metrics:collected'; // supervisor -> the asking worker: the aggregate

/** A worker that does not report within this long (dying, stuck) is left out of that scrape. */
const REPORT_TIMEOUT_MS = 2000;

interface Message { type: string; id: number; metrics?: object[]; text?: string; contentType?: string }
const isMessage = (message: unknown): message is Message =>
  typeof message === 'object' && message !== null && typeof (message as Message).type === 'string' && typeof (message as Message).id === 'number';

/** In a worker: answers the supervisor's requests with this worker's own metrics (as prom-client JSON). */
export function reportOwnMetrics(own: () => Promise<object[]>): void {
  process.on('message', (message: unknown) => {
    if (!isMessage(message) || message.type !== REPORT) return;
    void own().then((metrics) => process.send?.({ type: REPORT, id: message.id, metrics }));
  });
}

let nextRequest = 0;
const waitingWorkers = new Map<number, (answer: { text: string; contentType: string } | null) => void>();

/** In a worker: every worker's metrics, aggregated by the supervisor; null when it does not answer in time. */
export function clusterMetrics(): Promise<{ text: string; contentType: string } | null> {
  if (waitingWorkers.size === 0) process.on('message', onCollected);
  const id = ++nextRequest;
  return new Promise((done) => {
    const timer = setTimeout(() => finish(null), REPORT_TIMEOUT_MS * 2);
    const finish = (answer: { text: string; contentType: string } | null) => {
      clearTimeout(timer);
      waitingWorkers.delete(id);
      if (waitingWorkers.size === 0) process.off('message', onCollected);
      done(answer);
    };
    waitingWorkers.set(id, finish);
    process.send?.({ type: COLLECT, id });
  });
}

function onCollected(message: unknown): void {
  if (!isMessage(message) || message.type !== COLLECTED) return;
  waitingWorkers.get(message.id)?.({ text: message.text ?? '', contentType: message.contentType ?? '' });
}

/** In the supervisor: serves the workers' COLLECT requests. */
export function aggregateWorkerMetrics(): void {
  const pending = new Map<number, { reports: object[][]; waiting: Set<Worker>; finish: () => void }>();
  let nextCollection = 0;

  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === REPORT) {
      const collection = pending.get(message.id);
      if (!collection || !collection.waiting.delete(worker)) return;
      collection.reports.push(message.metrics ?? []);
      if (collection.waiting.size === 0) collection.finish();
      return;
    }
    if (message.type !== COLLECT) return;
    const id = ++nextCollection;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w?.isConnected()));
    const collection = {
      reports: [] as object[][],
      waiting: new Set(workers),
      finish: () => {
        clearTimeout(timer);
        pending.delete(id);
        const registry = AggregatorRegistry.aggregate(collection.reports);
        void registry.metrics().then((text) => {
          if (worker.isConnected()) worker.send({ type: COLLECTED, id: message.id, text, contentType: registry.contentType });
        });
      },
    };
    const timer = setTimeout(collection.finish, REPORT_TIMEOUT_MS);
    pending.set(id, collection);
    for (const w of workers) w.send({ type: REPORT, id });
  });
}
