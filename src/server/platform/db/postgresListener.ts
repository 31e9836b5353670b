import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * A dedicated PostgreSQL connection that LISTENs on one channel. A lost connection (database restart, network) is
 * reopened with growing pauses; `onReconnect` then lets the listener make up for what it may have missed.
 */
export class PostgresListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private delay = RECONNECT_FIRST_MS;

  constructor(private readonly options: {
    connect: () => pg.Client; channel: string; log: FastifyBaseLogger;
    onPayload: (payload: string) => void; onReconnect: () => void;
  }) {}

  async start(): Promise<void> {
    await this.open(false);
  }

  private async open(reconnecting: boolean): Promise<void> {
    const client = this.options.connect();
    this.client = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost || this.stopped) return;
      lost = true;
      this.options.log.warn({ err: error }, `LISTEN ${this.options.channel}: connection lost, reconnecting`);
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => this.options.onPayload(message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`LISTEN "${this.options.channel}"`);
    } catch (error) {
      if (!reconnecting) throw error;
      onLost(error as Error);
      return;
    }
    this.delay = RECONNECT_FIRST_MS;
    if (reconnecting) this.options.onReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => { void this.open(true); }, this.delay);
    this.retryTimer.unref();
    this.delay = Math.min(this.delay * 2, RECONNECT_MAX_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}
