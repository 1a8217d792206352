/**
 * CSV as RFC 4180 writes it, read the way spreadsheets save it: quoted fields with doubled quotes,
 * line breaks inside quotes, CRLF, LF or CR line ends, a UTF-8 byte order mark, and a comma,
 * semicolon or tab between fields (sniffed from the header row when not given). Shared by the
 * server (lead import) and the browser (the import preview): no Node imports here.
 */

export type CsvDelimiter = ',' | ';' | '\t';
export const CSV_DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

/** One record and where it sits: `row` counts records from 1 as a spreadsheet numbers its rows (blank lines too). */
export type CsvRecord = { readonly row: number; readonly fields: readonly string[] };

export type CsvParse = {
  readonly delimiter: CsvDelimiter;
  /** Blank lines are left out (their row numbers are not reused). */
  readonly records: readonly CsvRecord[];
  /** True when `limit` stopped the reading before the end of the text. */
  readonly truncated: boolean;
};

export class CsvError extends Error {
  constructor(
    message: string,
    readonly row: number,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

const BOM = '\uFEFF';

/**
 * The delimiter of the first record: whichever of comma, semicolon and tab occurs most often
 * outside quotes (a comma when there is none, or on a tie with it: RFC 4180's own).
 */
export function sniffDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(CSV_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = text.startsWith(BOM) ? 1 : 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c as CsvDelimiter)) counts.set(c as CsvDelimiter, counts.get(c as CsvDelimiter)! + 1);
  }
  let best: CsvDelimiter = ',';
  for (const d of CSV_DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/**
 * Parses the whole text (or its first `limit` records). A quote that opens a field and is never
 * closed is an error naming the row it opened on; a quote in the middle of an unquoted field is
 * kept as it is, and characters after a closing quote are kept too (as spreadsheets read them).
 */
export function parseCsv(input: string, options: { readonly delimiter?: CsvDelimiter; readonly limit?: number } = {}): CsvParse {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const delimiter = options.delimiter ?? sniffDelimiter(text);
  const limit = options.limit ?? Infinity;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let row = 1;
  let quoteRow = 0;
  let quoted = false;
  /** The record has content (a field, a delimiter or a quote): an empty line has none. */
  let started = false;
  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    if (started) {
      endField();
      records.push({ row, fields });
    }
    fields = [];
    field = '';
    started = false;
    row++;
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (records.length >= limit) return { delimiter, records, truncated: true };
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      // Copy the run of ordinary characters at once: most of a quoted field.
      const next = text.indexOf('"', i);
      const end = next < 0 ? n : next;
      field += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === delimiter) {
      started = true;
      endField();
      i++;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else if (c === '"' && field === '' && !fieldHadContent(text, i, delimiter)) {
      started = true;
      quoted = true;
      quoteRow = row;
      i++;
    } else {
      // The rest of an unquoted field up to the next delimiter or line end, at once.
      started = true;
      let j = i + 1;
      while (j < n && text[j] !== delimiter && text[j] !== '\n' && text[j] !== '\r') j++;
      field += text.slice(i, j);
      i = j;
    }
  }
  if (quoted) throw new CsvError(`Row ${quoteRow}: a quoted field is never closed`, quoteRow);
  if (records.length >= limit && started) return { delimiter, records, truncated: true };
  endRecord();
  return { delimiter, records, truncated: false };
}

/** A quote opens a quoted field only at the field's start (right after a delimiter, a line end or the text's start). */
function fieldHadContent(text: string, i: number, delimiter: string): boolean {
  if (i === 0) return false;
  const before = text[i - 1]!;
  return !(before === delimiter || before === '\n' || before === '\r');
}

const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One record per row, CRLF between them (RFC 4180). A field is quoted when it holds a quote, a
 * line break or any of the delimiters this parser sniffs (so that a header reads back with the
 * same delimiter), and a row of one empty field is written as "" so that it is not a blank line.
 */
export function encodeCsv(rows: readonly (readonly string[])[], delimiter: CsvDelimiter = ','): string {
  return rows
    .map((fields) => (fields.length === 1 && fields[0] === '' ? '""' : fields.map(encodeField).join(delimiter)))
    .map((line) => `${line}\r\n`)
    .join('');
}

const encodeField = (value: string): string => (NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * For files people open in a spreadsheet program (exports, reports): the same quoting, and a
 * cell that starts like a formula (= + - @, tab or CR) gets a leading apostrophe, so a lead's
 * name such as `=HYPERLINK(...)` stays text when an agent opens it (CSV injection). Numbers are
 * data, not formulas: -3 stays -3. Not for round trips (encodeCsv is exact).
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return encodeField(typeof value === 'string' && FORMULA.test(text) ? `'${text}` : text);
}

export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole spreadsheet file: header then rows; the caller adds UTF8_BOM where it serves one. */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string => csvLine(header) + rows.map(csvLine).join('');

/** Spreadsheet programs take a file as UTF-8 (accents intact) only when it starts with this. */
export const UTF8_BOM = '\uFEFF';
