import { guessTimeZone, parseKickoff } from './kickoff';
import { isPlaceholder } from './openfootballParser';
import { openfootballRound } from './openfootballRounds';
import { ROUND } from '../../../shared/domain/rounds';

describe('openfootball kickoffs, rounds and placeholders', () => {
  it('converts "HH:MM UTC±H" to UTC', () => {
    expect(parseKickoff('2026-06-11', '13:00 UTC-6', 'UTC')).toBe(Date.parse('2026-06-11T19:00:00Z'));
    expect(parseKickoff('2026-06-11', '20:00 UTC-6', 'UTC')).toBe(Date.parse('2026-06-12T02:00:00Z'));
    expect(parseKickoff('2030-06-10', '18:00 UTC+2', 'UTC')).toBe(Date.parse('2030-06-10T16:00:00Z'));
    expect(parseKickoff('2030-06-10', '18:30 UTC+5:30', 'UTC')).toBe(Date.parse('2030-06-10T13:00:00Z'));
  });

  it('reads bare local times in the given zone, daylight saving included; no time means noon', () => {
    expect(parseKickoff('2025-08-15', '19:00', 'Europe/Madrid')).toBe(Date.parse('2025-08-15T17:00:00Z'));
    expect(parseKickoff('2026-01-10', '19:00', 'Europe/Madrid')).toBe(Date.parse('2026-01-10T18:00:00Z'));
    expect(parseKickoff('2026-01-10', '15:00', 'Europe/London')).toBe(Date.parse('2026-01-10T15:00:00Z'));
    expect(parseKickoff('2026-04-05', undefined, 'UTC')).toBe(Date.parse('2026-04-05T12:00:00Z'));
    expect(() => parseKickoff('2026-04-05', 'tea time', 'UTC')).toThrow(/invalid time/);
  });

  it('guesses the zone of club seasons from the file name', () => {
    expect(guessTimeZone('/data/laliga-2025-26.json')).toBe('Europe/Madrid');
    expect(guessTimeZone('https://x/premier-league-2025-26.json')).toBe('Europe/London');
    expect(guessTimeZone('worldcup-2026.json')).toBe('UTC');
  });

  it('recognises placeholder teams', () => {
    for (const name of ['W101', 'L102', '1A', '2B', '3C/E/F/H/I']) expect(isPlaceholder(name)).toBe(true);
    for (const name of ['Spain', 'USA', 'Wales']) expect(isPlaceholder(name)).toBe(false);
  });

  it('maps round names to the catalogue', () => {
    expect(openfootballRound('Matchday 3', 'cup')).toEqual({ roundId: ROUND.GROUP_STAGE, matchday: null });
    expect(openfootballRound('Matchday 12', 'league')).toEqual({ roundId: ROUND.REGULAR_SEASON, matchday: 12 });
    expect(['Round of 32', 'Round of 16', 'Quarter-final', 'Semi-final', 'Final', 'Match for third place']
      .map((r) => openfootballRound(r, 'cup')?.roundId)).toEqual([3, 4, 5, 6, 7, 9]);
    expect(openfootballRound('Playoff round', 'cup')).toBeNull();
  });
});
