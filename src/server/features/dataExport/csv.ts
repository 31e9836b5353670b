/** CSV as spreadsheets read it: RFC 4180 quoting, formulas neutralised, UTF-8 with a byte-order mark. */

export type CsvCell = string | number | boolean | null | undefined;

/** Spreadsheets take UTF-8 (accents intact) only when the file starts with this mark. */
export const UTF8_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a leading
 * apostrophe, the OWASP rule against CSV injection; numbers are written as numbers (a negative one is no formula).
 */
function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One cell: quoted when it holds a comma, a quote or a line break, quotes doubled (RFC 4180). */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutralised(typeof value === 'boolean' ? (value ? '1' : '0') : value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows joined by CRLF (RFC 4180), ending with one. */
export function csvLines(rows: CsvCell[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + (rows.length > 0 ? '\r\n' : '');
}

/** Blocks of rows (each with its header row) separated by an empty line, after the byte-order mark. */
export function csvDocument(blocks: CsvCell[][][]): string {
  return UTF8_BOM + blocks.filter((b) => b.length > 0).map(csvLines).join('\r\n');
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
