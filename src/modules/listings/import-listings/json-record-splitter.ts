/** One record's JSON text and where it starts: its number in the file (1-based) and its line. */
export type RecordText = { readonly record: number; readonly line: number; readonly text: string };

/** The file as a whole cannot be read as a listings file; nothing after `line` was read. */
export class MalformedFileError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'MalformedFileError';
  }
}

type Mode =
  | 'start' // before the first value
  | 'elements' // inside the array whose elements are records
  | 'probe' // inside a top-level object: an OData page (records in "value") or a first NDJSON record
  | 'odata-rest' // inside an OData page, after its "value" array
  | 'lines' // NDJSON after the first record: one record per line
  | 'done'; // after the top-level array or page: only white space may follow

const QUOTE = 34;
const BACKSLASH = 92;
const NEWLINE = 10;

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * Splits a stream of JSON text into record texts without holding more than one record in
 * memory: a JSON array of records, an OData page `{..., "value": [records], ...}`, or NDJSON.
 * It only tracks strings and nesting; each record's own syntax is left to JSON.parse, so a bad
 * record is reported with its position and the rest of the file still imports.
 */
export class JsonRecordSplitter {
  private mode: Mode = 'start';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private line = 1;
  private records = 0;
  /** Nesting depth at which the current array's elements sit (1: top-level array, 2: OData). */
  private elementDepth = 1;
  private pieces: string[] = [];
  private recordOpen = false;
  private recordLine = 1;
  /** Probe mode: the last string completed at depth 1 and whether it was followed by ':'. */
  private lastString = '';
  private stringStart = -1;
  private stringPieces: string[] = [];
  private key: string | null = null;
  private out: RecordText[] = [];

  push(chunk: string): RecordText[] {
    this.out = [];
    if (this.mode === 'lines') this.pushLines(chunk, false);
    else this.scan(chunk);
    return this.out;
  }

  end(): RecordText[] {
    this.out = [];
    if (this.mode === 'lines') this.pushLines('', true);
    else if (this.mode === 'elements' || this.mode === 'probe' || this.mode === 'odata-rest' || this.inString) {
      throw new MalformedFileError(
        this.recordOpen
          ? `the file ends inside record ${this.records + 1}, which starts at line ${this.recordLine}`
          : 'the file ends before its JSON is closed',
        this.line,
      );
    }
    return this.out;
  }

  private scan(chunk: string): void {
    let start = this.recordOpen ? 0 : -1;
    const n = chunk.length;
    for (let i = 0; i < n; i++) {
      if (this.mode === 'lines') {
        if (this.recordOpen) this.pieces.push(chunk.slice(start, i));
        this.pushLines(chunk.slice(i), false);
        return;
      }
      const c = chunk.charCodeAt(i);
      if (c === NEWLINE) this.line++;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.stringStart >= 0) {
            this.stringPieces.push(chunk.slice(this.stringStart, i));
            this.lastString = this.stringPieces.join('');
            this.stringPieces = [];
            this.stringStart = -1;
          }
        }
        continue;
      }
      if (isSpace(c)) continue;
      switch (this.mode) {
        case 'start':
          if (c === 91 /* [ */) {
            this.mode = 'elements';
            this.elementDepth = 1;
            this.depth = 1;
          } else if (c === 123 /* { */) {
            this.mode = 'probe';
            this.depth = 1;
            this.openRecord(chunk, i);
            start = i;
          } else {
            throw new MalformedFileError(
              `a listings file holds a JSON array, an OData page {"value": [...]} or one JSON object per line (found ${JSON.stringify(chunk[i])})`,
              this.line,
            );
          }
          continue;
        case 'done':
          throw new MalformedFileError(`unexpected ${JSON.stringify(chunk[i])} after the end of the JSON`, this.line);
        case 'elements': {
          if (!this.recordOpen && c !== 44 /* , */ && !(c === 93 /* ] */ && this.depth === this.elementDepth)) {
            this.openRecord(chunk, i);
            start = i;
          }
          if (c === QUOTE) this.inString = true;
          else if (c === 123 || c === 91) this.depth++;
          else if (c === 125 || c === 93) {
            if (this.depth === this.elementDepth) {
              if (c !== 93) throw new MalformedFileError(`unexpected "}" in the list of records`, this.line);
              if (this.recordOpen) this.closeRecord(chunk, start, i);
              start = -1;
              this.depth--;
              this.mode = this.elementDepth === 1 ? 'done' : 'odata-rest';
            } else this.depth--;
          } else if (c === 44 && this.depth === this.elementDepth) {
            if (!this.recordOpen) throw new MalformedFileError(`an empty record (two commas, or a comma first) in record ${this.records + 1}`, this.line);
            this.closeRecord(chunk, start, i);
            start = -1;
          }
          continue;
        }
        case 'probe': {
          if (c === QUOTE) {
            this.inString = true;
            if (this.depth === 1) {
              this.stringStart = i + 1;
              this.stringPieces = [];
            }
          } else if (c === 58 /* : */ && this.depth === 1) this.key = this.lastString;
          else if (c === 44 && this.depth === 1) this.key = null;
          else if (c === 91 && this.depth === 1 && this.key === 'value') {
            // An OData page: forget the buffered object, its records are this array's elements.
            this.pieces = [];
            this.recordOpen = false;
            start = -1;
            this.mode = 'elements';
            this.elementDepth = 2;
            this.depth = 2;
          } else if (c === 123 || c === 91) this.depth++;
          else if (c === 125 || c === 93) {
            this.depth--;
            if (this.depth === 0) {
              // The first object closed without a "value" array: NDJSON, one record per line.
              this.closeRecord(chunk, start, i + 1);
              start = -1;
              this.mode = 'lines';
              this.lineBuffer = '';
              this.lineNumber = this.line;
              this.afterFirst = true;
            }
          }
          continue;
        }
        case 'odata-rest':
          if (c === QUOTE) this.inString = true;
          else if (c === 123 || c === 91) this.depth++;
          else if (c === 125 || c === 93) {
            this.depth--;
            if (this.depth === 0) this.mode = 'done';
          }
          continue;
      }
    }
    if (this.recordOpen && start >= 0) this.pieces.push(chunk.slice(start));
    if (this.inString && this.stringStart >= 0) {
      this.stringPieces.push(chunk.slice(this.stringStart));
      this.stringStart = 0;
    }
  }

  private openRecord(_chunk: string, _i: number): void {
    this.recordOpen = true;
    this.recordLine = this.line;
    this.pieces = [];
  }

  private closeRecord(chunk: string, start: number, end: number): void {
    if (start >= 0) this.pieces.push(chunk.slice(start, end));
    this.records++;
    this.out.push({ record: this.records, line: this.recordLine, text: this.pieces.join('').trimEnd() });
    this.pieces = [];
    this.recordOpen = false;
  }

  // NDJSON after the first record.
  private lineBuffer = '';
  private lineNumber = 1;
  /** The rest of the first record's line may only hold white space. */
  private afterFirst = false;

  private pushLines(chunk: string, final: boolean): void {
    let text = this.lineBuffer + chunk;
    let from = 0;
    for (;;) {
      const nl = text.indexOf('\n', from);
      if (nl < 0) break;
      this.takeLine(text.slice(from, nl));
      from = nl + 1;
    }
    text = text.slice(from);
    if (final) {
      if (text.length > 0) this.takeLine(text);
      this.lineBuffer = '';
    } else this.lineBuffer = text;
  }

  private takeLine(raw: string): void {
    const line = this.lineNumber++;
    this.line = this.lineNumber;
    const t = raw.trim();
    if (this.afterFirst) {
      this.afterFirst = false;
      if (t !== '') throw new MalformedFileError('unexpected text after the first record on its line', line);
      return;
    }
    if (t === '') return;
    this.records++;
    this.out.push({ record: this.records, line, text: t });
  }
}
