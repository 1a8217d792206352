/**
 * CSV as spreadsheet programs read it (RFC 4180): fields with a comma, quote or line break are
 * quoted, quotes doubled, lines end CRLF. A cell that starts like a formula (= + - @, tab or CR)
 * gets a leading apostrophe, so a lead's name such as `=HYPERLINK(...)` stays text when an agent
 * opens the export (CSV injection). Shared by the server's exports and the web app's downloads.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Numbers are data, not formulas: -3 stays -3.
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole document: header then rows. The caller adds the UTF-8 byte order mark where it serves one. */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string => csvLine(header) + rows.map(csvLine).join('');

/** Spreadsheet programs take a file as UTF-8 (accents intact) only when it starts with this. */
export const UTF8_BOM = '\uFEFF';
