/** CSV as spreadsheets read it: RFC 4180 quoting, formulas neutralised, UTF-8 with a byte-order mark. */

export type CsvCell = string | number | boolean | null | undefined;

/** Spreadsheets take UTF-8 (accents intact) only when the file starts with this mark. */
export const UTF8_BOM = '\uFEFF';

/** What starts a formula in a spreadsheet cell, spaces before it or not (and the tab and carriage return that can hide one). */
const FORMULA_START = /^(\s*[=+\-@]|[\t\r])/;
/**
 * A formula start after a separator a spreadsheet may split on: the comma, the semicolon (Excel's separator where the
 * decimal mark is a comma, as in Spain), the pipe, the tab and line breaks.
 */
const FORMULA_AFTER_SEPARATOR = /([,;|\t\r\n]\s*)([=+\-@])/g;

/**
 * A cell a spreadsheet would run as a formula gets a leading apostrophe (the OWASP rule against CSV injection),
 * wherever it may start: at the beginning, and after any separator, in case a spreadsheet splits the cell there
 * (`x;=cmd|...` is two cells to a Spanish Excel that ignores the quotes). Numbers are written as numbers (a negative
 * one is no formula).
 */
function neutralised(value: string): string {
  const inside = value.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
  return FORMULA_START.test(inside) ? `'${inside}` : inside;
}

/**
 * One cell: quoted when it holds a comma, a quote, a line break, or a semicolon, a pipe or a tab (separators some
 * spreadsheets split on), quotes doubled (RFC 4180).
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutralised(typeof value === 'boolean' ? (value ? '1' : '0') : value);
  return /[",;|\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row: its cells joined by commas, ending with CRLF (RFC 4180). */
function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Where a document's text goes, a piece at a time (a response stream with back-pressure). */
interface TextSink { write(text: string): Promise<void> }

/**
 * A CSV file written as it is read: the byte-order mark, then blocks of rows, each with its own header row and
 * separated by one empty line. A block's header goes out with its first rows, so a block without rows leaves no trace.
 */
export class CsvDocument {
  #blocks = 0;

  constructor(private readonly out: TextSink) {}

  async begin(): Promise<void> {
    await this.out.write(UTF8_BOM);
  }

  /** A new block: the function writes rows of it, the header first. */
  block(header: readonly CsvCell[]): (rows: readonly (readonly CsvCell[])[]) => Promise<void> {
    let started = false;
    return async (rows) => {
      if (rows.length === 0) return;
      const lead = started ? '' : `${this.#blocks++ > 0 ? '\r\n' : ''}${csvRow(header)}`;
      started = true;
      await this.out.write(lead + rows.map(csvRow).join(''));
    };
  }
}

/**
 * `attachment` with an ASCII fallback name (anything else becomes _, quotes and backslashes too) and the exact name
 * as RFC 5987 `filename*`, so every browser saves the file under a sensible name.
 */
export function attachment(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
