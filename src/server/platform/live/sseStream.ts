import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { LIVE_RETRY_MS } from '../../../shared/api/routes/live';

/** A client that stops reading is dropped once this much is queued for it, instead of growing the heap. */
const MAX_QUEUED_BYTES = 1024 * 1024;
/** After ending a stream, its socket gets this long to deliver the end before it is cut. */
const SOCKET_GRACE_MS = 1000;

/**
 * One open Server-Sent Events response. Sent through Fastify as a stream payload, so the usual headers and hooks
 * apply; `closed` resolves when either side ends it.
 */
export class SseStream {
  private readonly body = new PassThrough();
  private readonly socket: Socket | null;
  private ended = false;
  readonly closed: Promise<void>;

  constructor(reply: FastifyReply) {
    this.socket = reply.raw.socket;
    let markClosed: () => void = () => undefined;
    this.closed = new Promise((done) => { markClosed = done; });
    const close = () => { this.ended = true; markClosed(); };
    this.body.on('close', close);
    reply.raw.on('close', () => { this.end(); close(); });
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      // nginx and similar proxies would otherwise hold events back to fill their buffers.
      .header('x-accel-buffering', 'no')
      // A stream's connection is not reused: when it ends (shutdown, lifetime, membership lost) the socket closes
      // with it, instead of lingering idle after the server stopped closing idle connections.
      .header('connection', 'close')
      .send(this.body);
    this.write(`retry: ${LIVE_RETRY_MS}\n\n`);
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  /** One event; `id` is what the client sends back as Last-Event-ID (only the last message of a batch carries it). */
  send(event: string, data: unknown, id?: number): void {
    this.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Moves the client's Last-Event-ID without an event (an id-only frame). */
  markSeen(id: number): void {
    this.write(`id: ${id}\n\n`);
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.body.end();
    // A client that vanished without closing its side would keep the socket (and a shutdown) waiting.
    setTimeout(() => this.socket?.destroy(), SOCKET_GRACE_MS).unref();
  }

  private write(chunk: string): void {
    if (this.ended) return;
    if (this.body.writableLength > MAX_QUEUED_BYTES) { this.end(); return; }
    this.body.write(chunk);
  }
}
