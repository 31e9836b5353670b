import { createServer } from 'node:http';
import { freePort, type Mail } from '../harness';
import type { PushRequest } from './pushService';

/**
 * What the local SMTP server and the stand-in push service received, served as JSON on localhost: they run in the
 * runner's process (global setup), the tests in worker processes. `POST /restart_server` restarts the server there.
 */
export async function startInbox(mails: Mail[], pushes: PushRequest[], restartServer: () => Promise<void>): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/restart_server') {
      restartServer().then(() => res.writeHead(204).end(), (error: Error) => res.writeHead(500).end(error.message));
      return;
    }
    const body = req.url === '/mails' ? mails
      : req.url === '/pushes' ? pushes.map((push) => ({ ...push, body: push.body.toString('base64') }))
        : undefined;
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) };
}

export interface Inbox {
  /** Every mail the SMTP server received so far. */
  mails(): Promise<Mail[]>;
  /** Every request the stand-in push service received so far. */
  pushes(): Promise<PushRequest[]>;
  /** Stops the server (SIGTERM) and starts it again on the same port and database; resolves once it answers. */
  restartServer(): Promise<void>;
}

export function inboxAt(origin: string): Inbox {
  const read = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${origin}${path}`);
    if (!response.ok) throw new Error(`inbox ${path} -> ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    mails: () => read<Mail[]>('/mails'),
    pushes: async () => (await read<Array<Omit<PushRequest, 'body'> & { body: string }>>('/pushes'))
      .map((push) => ({ ...push, body: Buffer.from(push.body, 'base64') })),
    async restartServer() {
      const response = await fetch(`${origin}/restart_server`, { method: 'POST' });
      if (!response.ok) throw new Error(`the server did not restart: ${await response.text()}`);
    },
  };
}
