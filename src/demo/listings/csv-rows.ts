import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { CsvError, CsvReader, type CsvRecord } from '../../contract/csv';

export interface CsvRow<Column extends string> {
  /** 1-based row in the file as a spreadsheet numbers it (the header is row 1), for error messages. */
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
 * Streams a CSV file, one row at a time, read by the product's one CSV reader (quotes as RFC 4180
 * writes them). The header must name exactly `columns`, in order. A `.gz` file is read through
 * gunzip (the demo files ship compressed).
 */
export async function* readCsvRows<Column extends string>(path: string, columns: readonly Column[]): AsyncGenerator<CsvRow<Column>> {
  const file = createReadStream(path);
  const input: Readable = path.endsWith('.gz') ? file.pipe(createGunzip()) : file;
  // Decoded as a whole stream, so a character split between two chunks stays whole.
  input.setEncoding('utf8');
  file.on('error', (error) => input.destroy(error));
  const reader = new CsvReader(',');
  let header = false;
  function* rows(records: readonly CsvRecord[]): Generator<CsvRow<Column>> {
    for (const { row, fields } of records) {
      if (!header) {
        header = true;
        if (row !== 1 || fields.join(',') !== columns.join(',')) {
          throw new CsvFormatError(path, row, `expected header ${columns.join(',')}, got ${fields.join(',')}`);
        }
        continue;
      }
      if (fields.length !== columns.length) {
        throw new CsvFormatError(path, row, `expected ${columns.length} fields, got ${fields.length}`);
      }
      const values = {} as Record<Column, string>;
      columns.forEach((column, i) => {
        values[column] = fields[i] ?? '';
      });
      yield { line: row, values };
    }
  }
  try {
    for await (const piece of input) yield* rows(reader.push(piece as string));
    yield* rows(reader.end());
  } catch (error) {
    if (error instanceof CsvError) throw new CsvFormatError(path, error.row, error.message.replace(/^Row \d+: /, ''));
    throw error;
  } finally {
    input.destroy();
  }
  if (!header) throw new CsvFormatError(path, 1, 'empty file');
}
