import { chatText } from './webhookFormat';

describe('chat text of league events', () => {
  it('names a team not known yet in words in the owner\'s language, and a known team as it is', () => {
    const result = { match: { home: 'W49', away: 'Spain', home_goals: 1, away_goals: 0, matchday: 19 }, top: [] };
    expect(chatText('es', 'result', 'Oficina', result)).toBe('Oficina: Ganador del partido 49 1-0 Spain (jornada 19)');
    expect(chatText('en', 'result', 'Office', result)).toBe('Office: Winner of match 49 1-0 Spain (matchday 19)');
    const shown = { match: { home: '1A', away: '2B' }, split: { bets: 3, home: 1, draw: 1, away: 1 } };
    const text = chatText('es', 'bets_shown', 'Oficina', shown);
    expect(text).toContain('1.º del grupo A');
    expect(text).toContain('2.º del grupo B');
    expect(text).not.toMatch(/\b1A\b|\b2B\b/);
  });
});
