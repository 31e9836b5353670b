import { NATIONAL_TEAM_NAMES_ES, localGroupName, localTeamName } from './localNames';
import { ROUND_NAMES, localRoundName } from './roundNames';
import { NATIONAL_TEAMS } from './teams';
import { ROUNDS } from './rounds';

describe('names in both languages', () => {
  it('has a Spanish name for every national team of the catalogue', () => {
    expect(NATIONAL_TEAMS.filter((team) => !NATIONAL_TEAM_NAMES_ES[team.fifa]).map((team) => team.fifa)).toEqual([]);
  });

  it('translates national teams by name, alias or code, both ways, and leaves clubs alone', () => {
    expect(localTeamName('Germany', 'es')).toBe('Alemania');
    expect(localTeamName('Korea Republic', 'es')).toBe('Corea del Sur');
    expect(localTeamName('Netherlands', 'es')).toBe('Países Bajos');
    expect(localTeamName('Spain', 'en')).toBe('Spain');
    expect(localTeamName('España', 'en')).toBe('Spain');
    expect(localTeamName('Real Madrid CF', 'es')).toBe('Real Madrid CF');
    expect(localTeamName('Manchester United FC', 'en')).toBe('Manchester United FC');
    expect(localTeamName('Team A1', 'es')).toBe('Team A1');
  });

  it('translates "Group X" both ways and keeps other group names', () => {
    expect(localGroupName('Group A', 'es')).toBe('Grupo A');
    expect(localGroupName('Grupo B', 'en')).toBe('Group B');
    expect(localGroupName('Group A', 'en')).toBe('Group A');
    expect(localGroupName('Liga', 'es')).toBe('Liga');
  });

  it('names every catalogue round in both languages, and keeps the stored name of others', () => {
    for (const round of ROUNDS) {
      expect(ROUND_NAMES.en[round.id]).toBe(round.name);
      expect(ROUND_NAMES.es[round.id]).toBeTruthy();
    }
    expect(localRoundName(4, 'es')).toBe('Octavos de final');
    expect(localRoundName(4, 'en')).toBe('Round of 16');
    expect(localRoundName(99, 'es', 'Play-off')).toBe('Play-off');
  });
});
