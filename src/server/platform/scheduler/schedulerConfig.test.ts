import { ConfigError, loadConfig } from '../config';

describe('scheduler, provider and push settings', () => {
  it('have safe defaults: the scheduler runs every minute so the demo keeps revealing results', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      autoUpdateMinutes: 1, notifyEveryMinutes: 60, fullSyncEveryMinutes: 360, footballDataUrl: 'https://api.football-data.org/v4', footballDataToken: null,
      footballDataRequestsPerMinute: 10, footballDataTimeoutMs: 15_000, vapidSubject: 'mailto:no-reply@porra.local',
    });
    expect(loadConfig({ AUTO_UPDATE_MINUTES: '0' }).autoUpdateMinutes).toBe(0);
    expect(loadConfig({ MAIL_FROM: 'Porra <porra@example.com>' }).vapidSubject).toBe('mailto:porra@example.com');
    expect(loadConfig({ VAPID_SUBJECT: 'https://porra.example.com' }).vapidSubject).toBe('https://porra.example.com');
  });

  it('stop the server with a clear message when malformed', () => {
    expect(() => loadConfig({ AUTO_UPDATE_MINUTES: 'often' })).toThrow(ConfigError);
    expect(() => loadConfig({ NOTIFY_EVERY_MINUTES: '0' })).toThrow(/NOTIFY_EVERY_MINUTES must be an integer/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'porra.example.com' })).toThrow(/VAPID_SUBJECT must be a mailto: or https: URL/);
    expect(() => loadConfig({ FOOTBALL_DATA_REQUESTS_PER_MINUTE: '-1' })).toThrow(ConfigError);
  });
});
