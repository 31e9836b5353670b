/**
 * Kickoff times as openfootball writes them: a local date plus "HH:MM UTC±H[:MM]" (worldcup.json), or a bare
 * "HH:MM" in the country's local time (football.json club seasons), which needs an IANA time zone.
 */
const MINUTE = 60_000;

/** Offset of `zone` from UTC at the instant `utcMs`, in ms (Intl knows the daylight-saving rules). */
function zoneOffsetMs(zone: string, utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(utcMs / 1000) * 1000;
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Kickoff in UTC epoch ms. A missing time means noon local (the data source has not fixed it yet). */
export function parseKickoff(date: string, time: string | undefined, zone: string): number {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!d) throw new Error(`invalid date "${date}"`);
  const t = /^(\d{1,2}):(\d{2})(?:\s*(?:UTC|GMT)\s*([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec((time ?? '12:00').trim());
  if (!t) throw new Error(`invalid time "${time}"`);
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (t[3]) {
    const offset = (Number(t[4]) * 60 + Number(t[5] ?? 0)) * MINUTE * (t[3] === '-' ? -1 : 1);
    return wall - offset;
  }
  const guess = wall - zoneOffsetMs(zone, wall);
  return wall - zoneOffsetMs(zone, guess);
}

/** Club seasons give local times without an offset: the zone of the country the file is about. */
export function guessTimeZone(source: string): string {
  const base = source.split(/[\\/]/).pop()!.toLowerCase();
  const zones: [RegExp, string][] = [
    [/laliga|^es\.|primera|segunda/, 'Europe/Madrid'],
    [/premier-league|championship|^eng\./, 'Europe/London'],
    [/bundesliga|^de\./, 'Europe/Berlin'],
    [/serie-?a|^it\./, 'Europe/Rome'],
    [/ligue-?1|^fr\./, 'Europe/Paris'],
    [/eredivisie|^nl\./, 'Europe/Amsterdam'],
    [/primeira|^pt\./, 'Europe/Lisbon'],
    [/worldcup-2022/, 'Asia/Qatar'],
    [/worldcup-2018/, 'Europe/Moscow'],
    [/euro-?2024/, 'Europe/Berlin'],
  ];
  return zones.find(([re]) => re.test(base))?.[1] ?? 'UTC';
}
