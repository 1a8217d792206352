import type pg from 'pg';

/**
 * `COPY table (columns) FROM STDIN` in text format through pg's own client: pg has no COPY
 * stream of its own and no other package is installed for it, so this is the little of the
 * protocol a bulk load needs (a Submittable: the client hands it the connection when the server
 * asks for the data). Rows are tab-separated values already escaped by `copyValue`.
 */
export function copyIn(client: pg.ClientBase, table: string, columns: readonly string[], lines: readonly string[]): Promise<void> {
  if (lines.length === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let failed: Error | undefined;
    const submittable = {
      text: `COPY ${table} (${columns.join(', ')}) FROM STDIN`,
      submit(connection: Connection) {
        connection.query(this.text);
      },
      handleCopyInResponse(connection: Connection) {
        try {
          sendLines(connection, lines);
        } catch (err) {
          // The server then ends the COPY with an error, which fails the caller's transaction.
          connection.sendCopyFail((err as Error).message);
        }
      },
      handleCommandComplete() {},
      handleError(err: Error) {
        failed = err;
      },
      handleReadyForQuery() {
        if (failed) reject(failed);
        else resolve();
      },
    };
    (client as unknown as { query(s: unknown): void }).query(submittable);
  });
}

/** The rows in chunks of about 1 MB: large socket writes without one huge buffer. */
function sendLines(connection: Connection, lines: readonly string[]): void {
  let chunk: string[] = [];
  let size = 0;
  for (const line of lines) {
    chunk.push(line);
    size += line.length + 1;
    if (size >= 1 << 20) {
      connection.sendCopyFromChunk(Buffer.from(chunk.join('\n') + '\n'));
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length > 0) connection.sendCopyFromChunk(Buffer.from(chunk.join('\n') + '\n'));
  connection.endCopyFrom();
}

type Connection = { query(text: string): void; sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void; sendCopyFail(message: string): void };

/** A string as COPY's text format reads it (backslash, tab, newline and carriage return escaped). */
const escapeText = (s: string): string =>
  /[\\\t\n\r]/.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : s;

/** A text[] as an array literal: every element quoted, NULL unquoted. */
const arrayLiteral = (items: readonly (string | null)[]): string =>
  `{${items.map((i) => (i === null ? 'NULL' : `"${i.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

/** One value in COPY's text format: null as \N, booleans t/f, numbers as JS prints them (float8 reads them back exactly), string arrays as text[]. */
export function copyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return escapeText(v);
  if (Array.isArray(v) && v.every((i) => i === null || typeof i === 'string')) return escapeText(arrayLiteral(v as (string | null)[]));
  throw new Error(`No COPY text for ${typeof v}: write it as JSON text`);
}

/** A tsvector literal of plain lexemes (what array_to_tsvector makes of the same words). */
export const tsvectorLiteral = (words: readonly string[]): string => words.map((w) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' ');

/** Rows per COPY statement: each chunk's lines are made while PostgreSQL takes the one before. */
const COPY_ROWS = 10_000;

/** Rows (values in `columns`' order, as copyValue writes them) COPYed in chunks. */
export async function copyRows(client: pg.ClientBase, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> {
  let copying = Promise.resolve();
  for (let i = 0; i < rows.length; i += COPY_ROWS) {
    const lines = rows.slice(i, i + COPY_ROWS).map((r) => r.map(copyValue).join('\t'));
    await copying;
    copying = copyIn(client, table, columns, lines);
    // Awaited next turn or after the loop: a failure meanwhile is not unhandled.
    copying.catch(() => undefined);
  }
  await copying;
}
