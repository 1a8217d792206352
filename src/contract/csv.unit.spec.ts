import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_DELIMITERS, type CsvDelimiter, CsvError, CsvReader, csvCell, encodeCsv, parseCsv, sniffDelimiter, toCsv } from './csv';

const fieldsOf = (text: string, delimiter?: CsvDelimiter) => parseCsv(text, delimiter ? { delimiter } : {}).records.map((r) => r.fields);

describe('parseCsv', () => {
  it('reads RFC 4180: quoted fields, doubled quotes, delimiters and line breaks inside quotes, CRLF', () => {
    const text = 'Name,Note\r\n"Lovelace, Ada","She said ""hi""\r\nand left"\r\nBob,plain\r\n';
    expect(fieldsOf(text)).toEqual([
      ['Name', 'Note'],
      ['Lovelace, Ada', 'She said "hi"\r\nand left'],
      ['Bob', 'plain'],
    ]);
  });

  it('numbers records as a spreadsheet numbers rows: a line break inside quotes stays in its row, blank lines count but are left out', () => {
    const { records } = parseCsv('a,b\n"x\ny",1\n\nz,2');
    expect(records).toEqual([
      { row: 1, fields: ['a', 'b'] },
      { row: 2, fields: ['x\ny', '1'] },
      { row: 4, fields: ['z', '2'] },
    ]);
  });

  it('drops a UTF-8 byte order mark, and reads LF and lone CR line ends', () => {
    expect(fieldsOf('\uFEFFEmail,Phone\nann@example.com,2065550100\rbo@example.com,2065550101')).toEqual([
      ['Email', 'Phone'],
      ['ann@example.com', '2065550100'],
      ['bo@example.com', '2065550101'],
    ]);
  });

  it('sniffs a semicolon or tab from the header row, ignoring delimiters inside quotes', () => {
    expect(sniffDelimiter('Name;Email;Phone\r\n')).toBe(';');
    expect(sniffDelimiter('"a,b,c";d;e\n')).toBe(';');
    expect(sniffDelimiter('Name\tEmail\n')).toBe('\t');
    expect(sniffDelimiter('Name\n')).toBe(',');
    expect(sniffDelimiter('\uFEFFa;b')).toBe(';');
    expect(parseCsv('Name;Note\n"Ann; Lee";"1,5"').records.map((r) => r.fields)).toEqual([
      ['Name', 'Note'],
      ['Ann; Lee', '1,5'],
    ]);
  });

  it('keeps empty fields, a trailing delimiter and a stray quote inside an unquoted field', () => {
    expect(fieldsOf('a,,c,\n5" tall,x"y,""')).toEqual([
      ['a', '', 'c', ''],
      ['5" tall', 'x"y', ''],
    ]);
  });

  it('refuses a quote that is never closed, naming the row it opened on', () => {
    const err = (() => {
      try {
        parseCsv('a,b\n1,2\n"open,3\n4,5\n');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(CsvError);
    expect(err).toMatchObject({ row: 3, message: 'Row 3: a quoted field is never closed' });
  });

  it('stops after `limit` records (the browser previews a few rows of a large file)', () => {
    const parsed = parseCsv('h\n1\n2\n3\n', { limit: 2 });
    expect(parsed.records.map((r) => r.fields)).toEqual([['h'], ['1']]);
    expect(parsed.truncated).toBe(true);
    expect(parseCsv('h\n1\n', { limit: 2 }).truncated).toBe(false);
  });
});

describe('encodeCsv → parseCsv round trip (property)', () => {
  const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', ';', '\t', '"', '\r', '\n', 'é', '😀', '=', '1'), maxLength: 12 });
  const rows = (minFields: number) =>
    fc.integer({ min: minFields, max: 5 }).chain((width) => fc.array(fc.array(text, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 8 }));

  it('any rows come back as they were written, with the delimiter named', () => {
    fc.assert(
      fc.property(rows(1), fc.constantFrom(...CSV_DELIMITERS), (data, d) => {
        expect(fieldsOf(encodeCsv(data, d), d)).toEqual(data);
      }),
    );
  });

  it('with two columns or more the delimiter is sniffed from the header, also after a byte order mark', () => {
    fc.assert(
      fc.property(rows(2), fc.constantFrom(...CSV_DELIMITERS), fc.boolean(), (data, d, bom) => {
        const parsed = parseCsv(`${bom ? '\uFEFF' : ''}${encodeCsv(data, d)}`);
        expect(parsed.delimiter).toBe(d);
        expect(parsed.records.map((r) => r.fields)).toEqual(data);
      }),
    );
  });
});

describe('CsvReader: the same reading a piece at a time', () => {
  const inPieces = (text: string, cuts: readonly number[]) => {
    const reader = new CsvReader();
    const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
    const out = at.flatMap((end, k) => reader.push(text.slice(at[k - 1] ?? 0, end)));
    return { records: [...out, ...reader.push(text.slice(at.at(-1) ?? 0)), ...reader.end()], delimiter: reader.delimiter };
  };

  it('reads a text cut anywhere (inside quotes, between a doubled quote, between CR and LF) as parseCsv reads it whole', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ',', ';', '"', '\r', '\n', 'é'), maxLength: 40 });
    fc.assert(
      fc.property(text, fc.array(fc.nat(60), { maxLength: 6 }), (t, cuts) => {
        let whole: ReturnType<typeof parseCsv> | Error;
        try {
          whole = parseCsv(t);
        } catch (e) {
          whole = e as Error;
        }
        if (whole instanceof Error) expect(() => inPieces(t, cuts)).toThrow(whole.message);
        else expect(inPieces(t, cuts)).toEqual({ records: whole.records, delimiter: whole.delimiter });
      }),
    );
  });

  it('sniffs the delimiter once the header row is in, even when a quoted field in it holds a line break', () => {
    const reader = new CsvReader();
    expect(reader.push('"a\n')).toEqual([]);
    expect(reader.push('b";c;d\n1;2;3')).toEqual([{ row: 1, fields: ['a\nb', 'c', 'd'] }]);
    expect(reader.end()).toEqual([{ row: 2, fields: ['1', '2', '3'] }]);
    expect(reader.delimiter).toBe(';');
  });

  it('a row per record as they complete, with a BOM in the first piece', () => {
    const reader = new CsvReader(',');
    expect(reader.push('\uFEFFa,b\r')).toEqual([]);
    expect(reader.push('\n"x\n')).toEqual([{ row: 1, fields: ['a', 'b'] }]);
    expect(reader.push('y",1\n')).toEqual([{ row: 2, fields: ['x\ny', '1'] }]);
    expect(reader.end()).toEqual([]);
  });
});

describe('CSV for spreadsheets: cells', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['Zoë Ångström', 'Zoë Ångström'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1 206', "'+1 206"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', `"'\tcmd"`],
  ])('%j is written %j', (input, written) => expect(csvCell(input)).toBe(written));

  it('numbers stay numbers, empties stay empty', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('a document is a header and CRLF-ended rows', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x', 1],
          [null, 'y,z'],
        ],
      ),
    ).toBe('a,b\r\nx,1\r\n,"y,z"\r\n');
  });
});
