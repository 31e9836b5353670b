import fc from 'fast-check';
import { attachment, csvCell, CsvDocument, UTF8_BOM } from './csv';

/** A cell's text as a spreadsheet reads it: unquoted (RFC 4180). */
const unquoted = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);

describe('CSV cells and files', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and leaves plain text and accents alone', () => {
    expect(csvCell('Begoña Núñez')).toBe('Begoña Núñez');
    expect(csvCell('Smith, Ana')).toBe('"Smith, Ana"');
    expect(csvCell('The "Boss"')).toBe('"The ""Boss"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(2.5)).toBe('2.5');
  });

  it.each(['=1+1', '+34 600', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])('neutralises %j so no spreadsheet runs it as a formula', (text) => {
    const cell = csvCell(text);
    expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
    expect(cell).toContain(text);
  });

  it('quotes a cell holding a semicolon, a pipe or a tab, and neutralises a formula after any separator', () => {
    expect(csvCell('x;=cmd|\' /C calc\'!A0')).toBe('"x;\'=cmd|\' /C calc\'!A0"');
    expect(csvCell('a|b')).toBe('"a|b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('Ana; -3')).toBe('"Ana; \'-3"');
    expect(csvCell('a,@SUM(A1)')).toBe('"a,\'@SUM(A1)"');
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('Guinea-Bissau')).toBe('Guinea-Bissau');
  });

  it('never leaves a piece of a cell, split on any separator a spreadsheet may use, starting a formula', () => {
    const text = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', ',', ';', '|', '\t', '\r', '\n', ' ', '"', "'", 'a', '1') });
    fc.assert(fc.property(text, (value) => {
      const read = unquoted(csvCell(value));
      for (const piece of read.split(/[,;|\t\r\n]/)) expect(piece.trimStart()).not.toMatch(/^[=+\-@]/);
      // Nothing changes but the apostrophes added.
      expect(read.replace(/'/g, '')).toBe(value.replace(/'/g, ''));
    }), { numRuns: 2000 });
  });

  it('quotes a neutralised cell that also holds a comma', () => {
    expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
  });

  it('starts with the byte-order mark, ends rows with CRLF, separates blocks with an empty line and leaves out empty ones', async () => {
    const pieces: string[] = [];
    const doc = new CsvDocument({ write: async (piece) => { pieces.push(piece); } });
    await doc.begin();
    const first = doc.block(['a', 'b']);
    await first([[1, 2]]);
    await doc.block(['never'])([]);
    const third = doc.block(['c']);
    await third([]);
    await third([['d']]);
    const text = pieces.join('');
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.slice(1)).toBe('a,b\r\n1,2\r\n\r\nc\r\nd\r\n');
    expect([...Buffer.from(text, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('names the attachment in ASCII and exactly (RFC 5987)', () => {
    expect(attachment('Peña "Los Ñus" 2026-06-01.csv'))
      .toBe("attachment; filename=\"Pena _Los Nus_ 2026-06-01.csv\"; filename*=UTF-8''Pe%C3%B1a%20%22Los%20%C3%91us%22%202026-06-01.csv");
    expect(attachment('Liga 🏆.csv')).toMatch(/^attachment; filename="Liga _+\.csv"; filename\*=UTF-8''Liga%20%F0%9F%8F%86\.csv$/);
  });
});
