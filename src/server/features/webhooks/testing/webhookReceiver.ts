import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received { path: string; headers: IncomingHttpHeaders; raw: string; body: any; arrivedAt: number; answeredAt: number }

/**
 * A real local HTTP receiver on 127.0.0.1 for webhook tests: keeps what it receives and answers `status` (a number,
 * or a function of the path; a 3xx redirects to the same path). Tests let it through the guard with webhookAllowedHosts: ['127.0.0.1'].
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const state = { status: (_path: string): number => 200, delayMs: (_path: string): number => 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const arrivedAt = performance.now();
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const status = state.status(path);
      setTimeout(() => {
        if (status >= 200 && status < 300) received.push({ path, headers: req.headers, raw, body: raw ? JSON.parse(raw) : null, arrivedAt, answeredAt: performance.now() });
        res.statusCode = status;
        // A redirect sends the request to the same path again.
        if (status >= 300 && status < 400) res.setHeader('location', path);
        res.end('ok');
      }, state.delayMs(path));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    /** Answer this status from now on (for every path, or as the function says). */
    answer(status: number | ((path: string) => number)) { state.status = typeof status === 'number' ? () => status : status; },
    /** Answer after this long (for every path, or as the function says): a slow endpoint. */
    delay(ms: number | ((path: string) => number)) { state.delayMs = typeof ms === 'number' ? () => ms : ms; },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
