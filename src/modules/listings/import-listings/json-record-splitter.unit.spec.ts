import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonRecordSplitter, MalformedFileError, type RecordText } from './json-record-splitter';

/** Feeds the text in the given chunk sizes and returns the records. */
function split(text: string, chunk = 7): RecordText[] {
  const s = new JsonRecordSplitter();
  const out: RecordText[] = [];
  for (let i = 0; i < text.length; i += chunk) out.push(...s.push(text.slice(i, i + chunk)));
  out.push(...s.end());
  return out;
}

const records = [{ ListingKey: 'a', note: 'has "quotes", commas, [brackets] and {braces} \\ \n' }, { ListingKey: 'b', value: [1, 2] }, { ListingKey: 'c' }];

describe('JsonRecordSplitter', () => {
  it('splits a JSON array, an OData page and NDJSON alike, whatever the chunking', () => {
    const array = `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
    const odata = JSON.stringify({ '@odata.context': 'x[{', value: records, '@odata.nextLink': 'y' }, null, 2);
    const ndjson = records.map((r) => JSON.stringify(r)).join('\r\n') + '\n';
    for (const text of [array, odata, ndjson]) {
      for (const size of [1, 3, 64, 100_000]) {
        expect(split(text, size).map((r) => JSON.parse(r.text))).toEqual(records);
      }
    }
  });

  it('reports each record with its number and starting line', () => {
    expect(split(`[\n{"a":1},\n\n{"a":2}]`).map((r) => [r.record, r.line])).toEqual([
      [1, 2],
      [2, 4],
    ]);
    expect(split(`{"a":1}\n\n{"a":2}\n{"a":3}\n`).map((r) => [r.record, r.line])).toEqual([
      [1, 1],
      [2, 3],
      [3, 4],
    ]);
  });

  it('hands a broken record to the caller and goes on with the next', () => {
    const out = split(`[{"a":1},{"a":},{"a":3}]`);
    expect(out.map((r) => r.text)).toEqual(['{"a":1}', '{"a":}', '{"a":3}']);
    expect(() => JSON.parse(out[1]!.text)).toThrow();
    expect(split(`{"a":1}\nnot json\n{"a":3}`).map((r) => r.text)).toEqual(['{"a":1}', 'not json', '{"a":3}']);
  });

  it('refuses a file that is not a listings file, with a line', () => {
    expect(() => split('hello')).toThrow(MalformedFileError);
    expect(() => split('[{"a":1},\n{"a":2')).toThrow(/line 2: the file ends inside record 2/);
    expect(() => split('[{"a":1}] [')).toThrow(/after the end/);
    expect(() => split('[,{"a":1}]')).toThrow(/empty record/);
    expect(split('')).toEqual([]);
  });

  it('any records, any chunking (property)', () => {
    const record = fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 })), {
      maxKeys: 5,
    });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), fc.integer({ min: 1, max: 50 }), fc.constantFrom('array', 'odata', 'ndjson'), (list, size, format) => {
        const clean = list.map((r) => ({ ListingKey: 'k', ...r }));
        const text =
          format === 'array'
            ? JSON.stringify(clean, null, 1)
            : format === 'odata'
              ? JSON.stringify({ value: clean })
              : clean.map((r) => JSON.stringify(r)).join('\n');
        expect(split(text, size).map((r) => JSON.parse(r.text))).toEqual(clean);
      }),
    );
  });
});
