import { Writable } from 'node:stream';
import { buildApp } from '../../app';
import { ManualClock } from '../../testing/manualClock';
import { openTestDatabase, testConfig } from '../../testing/harness';
import { outboxMailer } from '../mail/mailer';
import { loggerOptions } from '../observability/logger';
import { maskTokens } from './maskTokens';

describe('maskTokens', () => {
  it('masks the value of every token query parameter, and nothing else', () => {
    expect(maskTokens('open http://x.org/verify_email?token=abc-DEF_123 within 24 hours'))
      .toBe('open http://x.org/verify_email?token=[masked] within 24 hours');
    expect(maskTokens('/users/password/edit?reset_password_token=s3cr3t&lang=es'))
      .toBe('/users/password/edit?reset_password_token=[masked]&lang=es');
    expect(maskTokens('/leagues/12?page=2&sort=points')).toBe('/leagues/12?page=2&sort=points');
  });

  it('masks the token segment of calendar feeds and league join links', () => {
    expect(maskTokens('/calendar/12-abcDEF_123.ics')).toBe('/calendar/[masked]');
    expect(maskTokens('join at https://porra.example/leagues/join/12/0b5c-77e1?x=1 today'))
      .toBe('join at https://porra.example/leagues/join/12/[masked]?x=1 today');
    expect(maskTokens('/api/v1/en/users/calendar_token')).toBe('/api/v1/en/users/calendar_token');
    expect(maskTokens('/api/v1/en/leagues/join')).toBe('/api/v1/en/leagues/join');
  });

  it('masks an invitation link carried URL-encoded as the next step of a verification link', () => {
    expect(maskTokens('/verify_email?token=abc&next=%2Fleagues%2Fjoin%2F12%2F0b5c-77e1'))
      .toBe('/verify_email?token=[masked]&next=%2Fleagues%2Fjoin%2F12%2F[masked]');
    expect(maskTokens('/verify_email?token=abc&next=%2Fleagues%2F12')).toBe('/verify_email?token=[masked]&next=%2Fleagues%2F12');
  });
});

describe('no reset or verification link in the logs at info level', () => {
  /** An app whose log lines (at `level`) are collected, mailing through the development outbox. */
  async function appWithLogs(level: string) {
    const lines: { msg?: string; req?: { url?: string } }[] = [];
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
    const database = await openTestDatabase('sqlite');
    const clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
    const { app, deps } = await buildApp({
      config: testConfig(), database, clock, logger: { ...loggerOptions(level, { isTTY: false, nodeEnv: 'production' }), stream },
    });
    deps.mailer = outboxMailer(deps.db, clock, deps.log);
    return { app, deps, lines, close: async () => { await app.close(); await database.close(); } };
  }

  it('the development outbox logs the emails with their links masked; the outbox table keeps them whole', async () => {
    const t = await appWithLogs('info');
    try {
      await t.app.inject({ method: 'POST', url: '/api/v1/users',
        payload: { api_v1_user: { name: 'Ana', email: 'ana@example.com', password: 'correct horse battery' } } });
      await t.app.inject({ method: 'POST', url: '/api/v1/users/password', payload: { api_v1_user: { email: 'ana@example.com' } } });
      await new Promise((resolve) => setImmediate(resolve));
      const stored = await t.deps.db.selectFrom('mail_outbox').select('text_body').orderBy('id').execute();
      const tokens = stored.map((row) => /token=([\w-]+)/.exec(row.text_body)![1]!);
      expect(tokens).toHaveLength(2);
      const logged = t.lines.filter((line) => line.msg?.startsWith('email (development outbox)'));
      expect(logged).toHaveLength(2);
      expect(logged.map((line) => /token=(\S+)/.exec(line.msg!)![1])).toEqual(['[masked]', '[masked]']);
      const everything = JSON.stringify(t.lines);
      for (const token of tokens) expect(everything).not.toContain(token);
    } finally {
      await t.close();
    }
  });

  it('the development outbox masks league join links and calendar addresses in its log lines', async () => {
    const t = await appWithLogs('info');
    try {
      await t.deps.mailer.send({
        to: 'ana@example.com', subject: 'Join us', kind: 'invitation',
        text: 'Join: https://porra.example/leagues/join/3/invite-secret\nYour calendar: https://porra.example/calendar/5-feedsecret.ics',
      });
      const logged = t.lines.filter((line) => line.msg?.startsWith('email (development outbox)'));
      expect(logged.map((line) => line.msg)).toEqual([
        'email (development outbox):\nJoin: https://porra.example/leagues/join/3/[masked]\nYour calendar: https://porra.example/calendar/[masked]',
      ]);
      expect(JSON.stringify(t.lines)).not.toMatch(/invite-secret|feedsecret/);
    } finally {
      await t.close();
    }
  });

  it('a request for a link page logs its URL with the token masked', async () => {
    const t = await appWithLogs('info');
    try {
      // No client is built here, so the page is a 404, which is logged.
      await t.app.inject({ method: 'GET', url: '/verify_email?token=very-secret-token' });
      await t.app.inject({ method: 'GET', url: '/users/password/edit?reset_password_token=another-secret' });
      await t.app.inject({ method: 'GET', url: '/leagues/join/12/share-secret' });
      // An unknown calendar token is a 404, which is logged.
      await t.app.inject({ method: 'GET', url: '/calendar/7-calendarsecretcalendarsecretcalend.ics' });
      const urls = t.lines.filter((line) => line.req?.url).map((line) => line.req!.url);
      expect(urls).toEqual(expect.arrayContaining([
        '/verify_email?token=[masked]', '/users/password/edit?reset_password_token=[masked]', '/leagues/join/12/[masked]', '/calendar/[masked]',
      ]));
      expect(JSON.stringify(t.lines)).not.toMatch(/very-secret-token|another-secret|share-secret|calendarsecret/);
    } finally {
      await t.close();
    }
  });
});
