import { postPieces } from './postLinks';

describe('links in a post', () => {
  it('turns http and https addresses into links, leaving the sentence around them as text', () => {
    expect(postPieces('Rules at https://example.com/rules?x=1. See you!')).toEqual([
      { text: 'Rules at ' }, { text: 'https://example.com/rules?x=1', href: 'https://example.com/rules?x=1' }, { text: '. See you!' },
    ]);
    expect(postPieces('(http://a.es/b) and https://en.wikipedia.org/wiki/Spain_(country)')).toEqual([
      { text: '(' }, { text: 'http://a.es/b', href: 'http://a.es/b' }, { text: ') and ' },
      { text: 'https://en.wikipedia.org/wiki/Spain_(country)', href: 'https://en.wikipedia.org/wiki/Spain_(country)' },
    ]);
  });

  it('never links other schemes or markup: they stay text', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="https://x.com">x</a>', '[x](javascript:alert(1))', 'ftp://files.example.com']) {
      const pieces = postPieces(text);
      expect(pieces.filter((p) => p.href && !p.href.startsWith('https://x.com'))).toEqual([]);
      expect(pieces.map((p) => p.text).join('')).toBe(text);
    }
    expect(postPieces('<a href="https://x.com">x</a>')[1]).toEqual({ text: 'https://x.com', href: 'https://x.com' });
  });
});
