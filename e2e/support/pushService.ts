import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../harness';

export interface PushRequest { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }

/**
 * A stand-in for a browser push service (https, self-signed for localhost; the server trusts it through
 * NODE_EXTRA_CA_CERTS). Chromium's own push service (FCM) is out of reach without internet, so the runner
 * checks here what the server's notify sends.
 */
export async function startPushService(): Promise<{ port: number; caFile: string; requests: PushRequest[]; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'porra-e2e-push-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  const requests: PushRequest[] = [];
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    port, caFile: cert, requests,
    close: () => new Promise((done) => server.close(() => { rmSync(dir, { recursive: true, force: true }); done(); })),
  };
}
