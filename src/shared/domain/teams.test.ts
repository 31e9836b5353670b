import { clubColors, findNationalTeam, NATIONAL_TEAMS, teamAbbreviation } from './teams';

describe('national team table', () => {
  it('finds a team by name, alias or FIFA code, ignoring case and accents', () => {
    expect(findNationalTeam('Spain')?.flag).toBe('es');
    expect(findNationalTeam('ARG')?.flag).toBe('ar');
    expect(findNationalTeam('gb-sct')?.fifa).toBe('SCO');
    expect(findNationalTeam('DE')?.fifa).toBe('GER');
    expect(findNationalTeam('korea republic')?.fifa).toBe('KOR');
    expect(findNationalTeam('Curacao')?.flag).toBe('cw');
    expect(findNationalTeam("Côte d'Ivoire")?.flag).toBe('ci');
    expect(findNationalTeam('Real Madrid CF')).toBeUndefined();
  });

  it('uses flag-icons codes for the home nations', () => {
    expect(['England', 'Scotland', 'Wales', 'Northern Ireland'].map((n) => findNationalTeam(n)?.flag))
      .toEqual(['gb-eng', 'gb-sct', 'gb-wls', 'gb-nir']);
  });

  it('has unique FIFA codes, valid flag codes and two colours per team', () => {
    expect(new Set(NATIONAL_TEAMS.map((t) => t.fifa)).size).toBe(NATIONAL_TEAMS.length);
    for (const team of NATIONAL_TEAMS) {
      expect(team.flag).toMatch(/^[a-z]{2}(-[a-z]{3})?$/);
      expect(team.colors).toHaveLength(2);
      team.colors.forEach((c) => expect(c).toMatch(/^#[0-9a-f]{6}$/));
    }
  });

  it('gives clubs colours when known and a three-letter abbreviation', () => {
    expect(clubColors('FC Barcelona')).toEqual(['#a50044', '#004d98']);
    expect(clubColors('Unknown Athletic')).toEqual([]);
    expect(teamAbbreviation('Manchester City FC')).toBe('MCI');
    expect(teamAbbreviation('Girona FC')).toBe('GIR');
    expect(teamAbbreviation('Spain')).toBe('ESP');
  });
});
