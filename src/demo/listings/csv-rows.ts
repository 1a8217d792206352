import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

export interface CsvRow<Column extends string> {
  /** 1-based line in the file (the header is line 1), for error messages. */
  line: number;
  values: Record<Column, string>;
}

export class CsvFormatError extends Error {
  constructor(path: string, line: number, problem: string) {
    super(`${path}:${line}: ${problem}`);
    this.name = 'CsvFormatError';
  }
}

/**
 * Streams a simple CSV file, one row at a time. The demo files quote nothing and no value
 * holds a comma, so a split on commas is exact; a quote anywhere fails loudly rather than
 * mis-splitting. The header must name exactly `columns`, in order. A `.gz` file is read through
 * gunzip (the demo files ship compressed).
 */
export async function* readCsvRows<Column extends string>(
  path: string,
  columns: readonly Column[],
): AsyncGenerator<CsvRow<Column>> {
  const lines = createInterface({ input: path.endsWith('.gz') ? createReadStream(path).pipe(createGunzip()) : createReadStream(path), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.includes('"')) throw new CsvFormatError(path, line, 'quoted values are not supported');
    if (line === 1) {
      const header = text.replace(/^\uFEFF/, '');
      if (header !== columns.join(',')) {
        throw new CsvFormatError(path, line, `expected header ${columns.join(',')}, got ${header}`);
      }
      continue;
    }
    if (text.trim() === '') continue;
    const fields = text.split(',');
    if (fields.length !== columns.length) {
      throw new CsvFormatError(path, line, `expected ${columns.length} fields, got ${fields.length}`);
    }
    const values = {} as Record<Column, string>;
    columns.forEach((column, i) => {
      values[column] = fields[i] ?? '';
    });
    yield { line, values };
  }
  if (line === 0) throw new CsvFormatError(path, 1, 'empty file');
}
