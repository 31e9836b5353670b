import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildApp } from '../../app';
import { openTestDatabase, testConfig } from '../../testing/harness';

/** The build's .br/.gz copies go to browsers that accept them, so a phone downloads compressed scripts. */
describe('precompressed client files', () => {
  const script = `console.log(${JSON.stringify('porra '.repeat(400))});`;
  let clientDir: string;
  beforeAll(() => {
    clientDir = mkdtempSync(join(tmpdir(), 'porra-client-'));
    mkdirSync(join(clientDir, 'js'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Porra</title>');
    writeFileSync(join(clientDir, 'js/main.0123abcd.js'), script);
    writeFileSync(join(clientDir, 'js/main.0123abcd.js.br'), brotliCompressSync(script));
    writeFileSync(join(clientDir, 'js/main.0123abcd.js.gz'), gzipSync(script));
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it('sends brotli, else gzip, else the plain file, each as JavaScript', async () => {
    const database = await openTestDatabase('sqlite');
    const { app } = await buildApp({ config: testConfig({ clientDir }), database, logger: false });
    try {
      const get = (encoding?: string) => app.inject({ method: 'GET', url: '/js/main.0123abcd.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
      const br = await get('gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.rawPayload.length).toBeLessThan(script.length / 4);
      const gz = await get('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
