import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

  it('refuses quoted values rather than splitting them wrongly', async () => {
    const file = csvFile('a,b\n1,"x,y"\n');
    await expect(readAll(file)).rejects.toThrow(`${file}:2: quoted values are not supported`);
  });

  it('refuses a row with the wrong number of fields', async () => {
    const file = csvFile('a,b\n1,2,3\n');
    await expect(readAll(file)).rejects.toThrow(`${file}:2: expected 2 fields, got 3`);
  });
});
