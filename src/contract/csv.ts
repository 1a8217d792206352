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
export const sniffDelimiter = (text: string): CsvDelimiter => sniff(text).delimiter;

/** The sniffed delimiter, and whether the header row ended within `text` (a line end outside quotes). */
function sniff(text: string): { readonly delimiter: CsvDelimiter; readonly complete: boolean } {
  const counts = new Map<CsvDelimiter, number>(CSV_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  let complete = false;
  for (let i = text.startsWith(BOM) ? 1 : 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      complete = true;
      break;
    } else if (!quoted && counts.has(c as CsvDelimiter)) counts.set(c as CsvDelimiter, counts.get(c as CsvDelimiter)! + 1);
  }
  let best: CsvDelimiter = ',';
  for (const d of CSV_DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return { delimiter: best, complete };
}

/**
 * Parses the whole text (or its first `limit` records). A quote that opens a field and is never
 * closed is an error naming the row it opened on; a quote in the middle of an unquoted field is
 * kept as it is, and characters after a closing quote are kept too (as spreadsheets read them).
 */
export function parseCsv(input: string, options: { readonly delimiter?: CsvDelimiter; readonly limit?: number } = {}): CsvParse {
  const reader = new CsvReader(options.delimiter, options.limit);
  const records = [...reader.push(input), ...reader.end()];
  return { delimiter: reader.delimiter ?? ',', records, truncated: reader.truncated };
}

/**
 * The same reading, fed a piece at a time (a file streamed from disk or through gunzip): each
 * `push` answers the records its text completed, `end` the last one. Pieces may split a record,
 * a quoted field or a CRLF anywhere. Without a delimiter, it is sniffed once the header row is in.
 */
export class CsvReader {
  /** True once `limit` records were read and more text followed. */
  truncated = false;
  private records: CsvRecord[] = [];
  private count = 0;
  private fields: string[] = [];
  private field = '';
  private row = 1;
  private quoteRow = 0;
  private quoted = false;
  /** The record has content (a field, a delimiter or a quote): an empty line has none. */
  private started = false;
  /** The character read last: a quote opens a field only right after a delimiter, a line end or the start. */
  private last = '\n';
  /** Text kept for the next piece: a '"' or '\r' whose meaning the next character decides, or a header not yet complete. */
  private carry = '';
  private first = true;

  constructor(
    public delimiter: CsvDelimiter | undefined = undefined,
    private readonly limit = Infinity,
  ) {}

  push(piece: string): CsvRecord[] {
    this.scan(piece, false);
    return this.take();
  }

  end(): CsvRecord[] {
    this.scan('', true);
    if (this.quoted) throw new CsvError(`Row ${this.quoteRow}: a quoted field is never closed`, this.quoteRow);
    if (!this.truncated) {
      if (this.records.length >= this.limit && this.started) this.truncated = true;
      else this.endRecord();
    }
    return this.take();
  }

  private take(): CsvRecord[] {
    const out = this.records;
    this.records = [];
    return out;
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = '';
  }

  private endRecord(): void {
    if (this.started) {
      this.endField();
      this.records.push({ row: this.row, fields: this.fields });
      this.count++;
    }
    this.fields = [];
    this.field = '';
    this.started = false;
    this.row++;
  }

  private scan(piece: string, final: boolean): void {
    let text = this.carry + piece;
    this.carry = '';
    if (this.first) {
      if (!final && text.length === 0) return;
      if (text.startsWith(BOM)) text = text.slice(1);
      if (this.delimiter === undefined) {
        const sniffed = sniff(text);
        if (!final && !sniffed.complete) {
          this.carry = text;
          return;
        }
        this.delimiter = sniffed.delimiter;
      }
      this.first = false;
    }
    const delimiter = this.delimiter!;
    let i = 0;
    const n = text.length;
    while (i < n) {
      if (this.truncated) return;
      if (this.count >= this.limit) {
        this.truncated = true;
        return;
      }
      const c = text[i]!;
      if (this.quoted) {
        if (c === '"') {
          if (i + 1 === n && !final) {
            this.carry = c;
            return;
          }
          if (text[i + 1] === '"') {
            this.field += '"';
            i += 2;
          } else {
            this.quoted = false;
            i++;
          }
          this.last = c;
          continue;
        }
        // Copy the run of ordinary characters at once: most of a quoted field.
        const next = text.indexOf('"', i);
        const end = next < 0 ? n : next;
        this.field += text.slice(i, end);
        this.last = text[end - 1]!;
        i = end;
        continue;
      }
      if (c === delimiter) {
        this.started = true;
        this.endField();
        i++;
      } else if (c === '\r' || c === '\n') {
        if (c === '\r' && i + 1 === n && !final) {
          this.carry = c;
          return;
        }
        this.endRecord();
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      } else if (c === '"' && this.field === '' && (this.last === delimiter || this.last === '\n' || this.last === '\r')) {
        this.started = true;
        this.quoted = true;
        this.quoteRow = this.row;
        i++;
      } else {
        // The rest of an unquoted field up to the next delimiter or line end, at once.
        this.started = true;
        let j = i + 1;
        while (j < n && text[j] !== delimiter && text[j] !== '\n' && text[j] !== '\r') j++;
        this.field += text.slice(i, j);
        this.last = text[j - 1]!;
        i = j;
        continue;
      }
      this.last = c;
    }
  }
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
