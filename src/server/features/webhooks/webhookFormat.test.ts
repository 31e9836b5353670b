import { chatText } from './webhookFormat';

describe('chat text of league events', () => {
  it('names a team not known yet in words in the owner\'s language, and a known team as it is', () => {
    const result = { match: { home: 'W49', away: 'Spain', home_goals: 1, away_goals: 0, matchday: 19 }, top: [] };
    expect(chatText('es', 'result', 'Oficina', result)).toBe('Oficina: Ganador del partido 49 1-0 Spain (Jornada 19)');
    expect(chatText('en', 'result', 'Office', result)).toBe('Office: Winner of match 49 1-0 Spain (Matchday 19)');
    const shown = { match: { home: '1A', away: '2B' }, split: { bets: 3, home: 1, draw: 1, away: 1 } };
    const text = chatText('es', 'bets_shown', 'Oficina', shown);
    expect(text).toContain('1.º del grupo A');
    expect(text).toContain('2.º del grupo B');
    expect(text).not.toMatch(/\b1A\b|\b2B\b/);
  });

  it('names a knockout matchday by its round, a day of a round over several matchdays, and any other matchday by number', () => {
    const semis = { match: { home: 'Spain', away: 'France', home_goals: 2, away_goals: 1, matchday: 19, round_id: 6, round_matchdays: [19] }, top: [] };
    expect(chatText('es', 'result', 'Oficina', semis)).toBe('Oficina: Spain 2-1 France (Semifinales)');
    expect(chatText('en', 'result', 'Office', semis)).toBe('Office: Spain 2-1 France (Semi-finals)');
    const lastOf16 = { matchday: 14, round_id: 4, round_matchdays: [13, 14, 15, 16], points: 7, winners: [{ user_id: 1, name: 'Ana' }, { user_id: 2, name: 'Bea' }] };
    expect(chatText('es', 'matchday_winners', 'Oficina', lastOf16)).toBe('Oficina, Octavos de final, día 2: gana Ana, Bea con 7 puntos');
    expect(chatText('en', 'matchday_winners', 'Office', lastOf16)).toBe('Office, Round of 16, day 2: won by Ana, Bea with 7 points');
    const group = { matchday: 3, round_id: 1, round_matchdays: [1, 2, 3], points: 0, winners: [] };
    expect(chatText('es', 'matchday_winners', 'Oficina', group)).toBe('Oficina, Jornada 3: jugados todos los partidos, nadie ha puntuado');
    expect(chatText('en', 'matchday_winners', 'Office', group)).toBe('Office, Matchday 3: all matches played and nobody scored');
  });
});
