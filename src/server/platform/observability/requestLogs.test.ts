import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../../app';
import { openTestDatabase, testConfig } from '../../testing/harness';
import { maskedRequestSerializer } from '../http/maskTokens';
import { loggerOptions } from './logger';

describe('log format', () => {
  it('is readable (pino-pretty) on a terminal in development, JSON otherwise', () => {
    expect(loggerOptions('info', { isTTY: true, nodeEnv: undefined })).toMatchObject({ level: 'info', transport: { target: 'pino-pretty' } });
    expect(loggerOptions('info', { isTTY: true, nodeEnv: 'production' })).toEqual({ level: 'info', serializers: { req: maskedRequestSerializer } });
    expect(loggerOptions('debug', { isTTY: false, nodeEnv: 'development' })).toEqual({ level: 'debug', serializers: { req: maskedRequestSerializer } });
  });
});

describe('request logs', () => {
  let clientDir: string;
  beforeAll(() => {
    clientDir = mkdtempSync(join(tmpdir(), 'porra-client-'));
    mkdirSync(join(clientDir, 'js'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Porra</title>');
    writeFileSync(join(clientDir, 'js/main.0123abcd.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it('one line per API call; none for static files, client pages, probes or metrics', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
    const database = await openTestDatabase('sqlite');
    const { app } = await buildApp({ config: testConfig({ clientDir }), database, logger: { level: 'info', stream } });
    try {
      for (const url of ['/js/main.0123abcd.js', '/', '/leagues/12', '/livez', '/readyz', '/metrics']) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      expect(lines.filter((line) => line.msg === 'request completed' || line.msg === 'incoming request')).toEqual([]);
      await app.inject({ method: 'GET', url: '/api/v1/en/competition/index' });
      const logged = lines.filter((line) => line.msg === 'request completed');
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ req: { method: 'GET', url: '/api/v1/en/competition/index' }, res: { statusCode: 200 } });
      expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
