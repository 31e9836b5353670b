import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLogKey } from './logKey';

describe('the league log key', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'porra-log-key-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('comes from LOG_HMAC_KEY when set, touching no file', () => {
    const file = join(dir, 'log-hmac.key');
    expect(Buffer.from(loadLogKey({ logHmacKey: 'k'.repeat(32), logKeyFile: file }, { create: true })).toString()).toBe('k'.repeat(32));
    expect(() => statSync(file)).toThrow();
  });

  it('is created once, readable by its owner only, and read back on every later start', () => {
    const file = join(dir, 'data', 'log-hmac.key');
    const config = { logHmacKey: null, logKeyFile: file };
    expect(() => loadLogKey(config, { create: false })).toThrow('No log key');
    const first = loadLogKey(config, { create: true });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(loadLogKey(config, { create: true })).toEqual(first);
    expect(loadLogKey(config, { create: false })).toEqual(first);
    writeFileSync(file, 'short');
    expect(() => loadLogKey(config, { create: true })).toThrow('fewer than 32 characters');
  });
});
