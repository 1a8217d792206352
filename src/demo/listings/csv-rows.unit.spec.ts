import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from './csv-rows';

const COLUMNS = ['a', 'b'] as const;

function csvFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'csv-rows-')), 'data.csv');
  writeFileSync(file, text);
  return file;
}

async function readAll(file: string) {
  const rows = [];
  for await (const row of readCsvRows(file, COLUMNS)) rows.push(row);
  return rows;
}

describe('readCsvRows', () => {
  it('reads CRLF rows by column name with their line numbers, skipping blank lines', async () => {
    const rows = await readAll(csvFile('a,b\r\n1,x\r\n\r\n2,\r\n'));
    expect(rows).toEqual([
      { line: 2, values: { a: '1', b: 'x' } },
      { line: 4, values: { a: '2', b: '' } },
    ]);
  });

  it('refuses a different header', async () => {
    const file = csvFile('a,c\n1,2\n');
    await expect(readAll(file)).rejects.toThrow(`${file}:1: expected header a,b, got a,c`);
  });

  it('reads quoted values as RFC 4180 writes them: a comma, a doubled quote or a line break inside quotes', async () => {
    const rows = await readAll(csvFile('a,b\n1,"x,y"\n"say ""hi""","two\nlines"\n3,z\n'));
    expect(rows).toEqual([
      { line: 2, values: { a: '1', b: 'x,y' } },
      { line: 3, values: { a: 'say "hi"', b: 'two\nlines' } },
      { line: 4, values: { a: '3', b: 'z' } },
    ]);
  });

  it('reads a .gz file through gunzip, a row split across any number of chunks', async () => {
    const body = Array.from({ length: 20_000 }, (_, i) => `${i},"Zoë, row ${i}"`).join('\r\n');
    const file = `${csvFile('')}.gz`;
    writeFileSync(file, gzipSync(`a,b\r\n${body}\r\n`));
    const rows = await readAll(file);
    expect(rows).toHaveLength(20_000);
    expect(rows[12_345]).toEqual({ line: 12_347, values: { a: '12345', b: 'Zoë, row 12345' } });
  });

  it('names the row where a quote is never closed', async () => {
    const file = csvFile('a,b\n1,2\n3,"open\n');
    await expect(readAll(file)).rejects.toThrow(`${file}:3: a quoted field is never closed`);
  });

  it('refuses a row with the wrong number of fields', async () => {
    const file = csvFile('a,b\n1,2,3\n');
    await expect(readAll(file)).rejects.toThrow(`${file}:2: expected 2 fields, got 3`);
  });
});
