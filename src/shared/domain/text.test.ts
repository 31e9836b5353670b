import { escapeLikePattern, normaliseSearchText } from './text';

describe('normaliseSearchText', () => {
  it('lowercases and strips diacritics', () => {
    expect(normaliseSearchText('Peña Atlético ÑANDÚ')).toBe('pena atletico nandu');
    expect(normaliseSearchText('Ça Müller Øre')).toBe('ca muller øre');
  });

  it('trims and collapses whitespace', () => {
    expect(normaliseSearchText('  La   porra\t del\n curro  ')).toBe('la porra del curro');
  });

  it('leaves plain text as it is and copes with the empty string', () => {
    expect(normaliseSearchText('oficina 2026')).toBe('oficina 2026');
    expect(normaliseSearchText('   ')).toBe('');
  });

  it('treats composed and decomposed accents alike', () => {
    expect(normaliseSearchText('Jose\u0301')).toBe(normaliseSearchText('José'));
  });
});

describe('escapeLikePattern', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLikePattern('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});
