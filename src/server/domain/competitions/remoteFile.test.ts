import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DownloadError, isInternalAddress, MAX_REDIRECTS, type DownloadLimits } from '../../platform/http/outboundGuard';
import { downloadText } from './remoteFile';

/** A local web server answering each path with its own handler. */
let server: Server;
let base: string;
const routes = new Map<string, (res: ServerResponse) => void>();
beforeAll(async () => {
  server = createServer((req, res) => {
    const handle = routes.get(req.url ?? '');
    if (handle) handle(res);
    else { res.statusCode = 404; res.end('not found'); }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const limits = (extra: Partial<DownloadLimits> = {}): DownloadLimits =>
  ({ internalHostsAllowed: ['127.0.0.1'], maxBytes: 1000, timeoutMs: 2000, ...extra });

/** The failure a download ends with (fails the test if it succeeds or fails otherwise). */
async function failure(url: string, given: DownloadLimits): Promise<string> {
  const error = await downloadText(url, given).then(() => null, (e: unknown) => e);
  if (!(error instanceof DownloadError)) throw new Error(`expected a DownloadError, got ${String(error)}`);
  return error.failure;
}

describe('downloading an openfootball URL', () => {
  it('tells internal addresses from public ones, IPv4-mapped and NAT64 IPv6 included', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '224.0.0.1', '::1', '::', 'fd12::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:7f00:1', '64:ff9b::a9fe:a9fe', 'not an address']) {
      expect([address, isInternalAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['8.8.8.8', '185.199.108.133', '2606:4700::1111', '64:ff9b::808:808', '::ffff:8.8.8.8']) {
      expect([address, isInternalAddress(address)]).toEqual([address, false]);
    }
  });

  it('reaches the server\'s own network only for the hosts allowed, by address or by name', async () => {
    routes.set('/cup.json', (res) => res.end('{"name":"Cup"}'));
    const none = limits({ internalHostsAllowed: [] });
    expect(await failure(`${base}/cup.json`, none)).toBe('internal');
    // A name is judged by the addresses it resolves to, when the connection is made.
    const byName = `${base.replace('127.0.0.1', 'localhost')}/cup.json`;
    expect(await failure(byName, none)).toBe('internal');
    expect(await failure('http://[::ffff:127.0.0.1]:9/cup.json', none)).toBe('internal');
    expect(await downloadText(`${base}/cup.json`, limits())).toBe('{"name":"Cup"}');
    expect(await downloadText(byName, limits({ internalHostsAllowed: ['localhost'] }))).toBe('{"name":"Cup"}');
  });

  it('checks every redirect like the first address, and follows only a few', async () => {
    routes.set('/cup.json', (res) => res.end('{"name":"Cup"}'));
    routes.set('/moved', (res) => { res.writeHead(302, { location: '/cup.json' }); res.end(); });
    routes.set('/to-metadata', (res) => { res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }); res.end(); });
    routes.set('/to-file', (res) => { res.writeHead(301, { location: 'file:///etc/passwd' }); res.end(); });
    routes.set('/to-credentials', (res) => { res.writeHead(302, { location: `${base.replace('//', '//user:pass@')}/cup.json` }); res.end(); });
    routes.set('/loop', (res) => { res.writeHead(302, { location: '/loop' }); res.end(); });
    expect(await downloadText(`${base}/moved`, limits())).toBe('{"name":"Cup"}');
    expect(await failure(`${base}/to-metadata`, limits())).toBe('internal');
    expect(await failure(`${base}/to-file`, limits())).toBe('not_http');
    expect(await failure(`${base}/to-credentials`, limits())).toBe('not_http');
    expect(await failure(`${base}/loop`, limits())).toBe('redirects');
    expect(MAX_REDIRECTS).toBe(3);
  });

  it('refuses other schemes and credentials in the address itself', async () => {
    expect(await failure('file:///etc/passwd', limits())).toBe('not_http');
    expect(await failure('ftp://example.com/cup.json', limits())).toBe('not_http');
    expect(await failure(`${base.replace('//', '//admin:secret@')}/cup.json`, limits())).toBe('not_http');
  });

  it('stops reading past the size limit, announced or not', async () => {
    routes.set('/big-announced', (res) => { res.writeHead(200, { 'content-length': '5000' }); res.end('x'.repeat(5000)); });
    // Chunked, with no length: counted while it arrives, and cut off without reading the rest.
    let written = 0;
    routes.set('/big-endless', (res) => {
      res.writeHead(200);
      const timer = setInterval(() => {
        written += 500;
        res.write('y'.repeat(500));
      }, 1);
      res.on('close', () => clearInterval(timer));
    });
    expect(await failure(`${base}/big-announced`, limits())).toBe('too_large');
    expect(await failure(`${base}/big-endless`, limits())).toBe('too_large');
    expect(written).toBeLessThan(1_000_000);
    routes.set('/small', (res) => res.end('z'.repeat(1000)));
    expect(await downloadText(`${base}/small`, limits())).toHaveLength(1000);
  });

  it('gives up when the whole answer has not arrived in time', async () => {
    routes.set('/slow', (res) => { res.writeHead(200); res.write('{"name":'); });
    const started = Date.now();
    expect(await failure(`${base}/slow`, limits({ timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers an HTTP error with its status', async () => {
    const error = await downloadText(`${base}/missing.json`, limits()).catch((e: DownloadError) => e);
    expect(error).toMatchObject({ failure: 'status', detail: { status: 404 } });
  });
});
