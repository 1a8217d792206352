import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV cells', () => {
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
    ['\tcmd', "'\tcmd"],
  ])('%j is written %j', (input, written) => expect(csvCell(input)).toBe(written));

  it('numbers stay numbers, empties stay empty', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('a document is a header and CRLF-ended rows', () => {
    expect(toCsv(['a', 'b'], [['x', 1], [null, 'y,z']])).toBe('a,b\r\nx,1\r\n,"y,z"\r\n');
  });
});
