import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, UTF8_BOM } from '../../../contract/csv';
import { exportFilename, LEAD_CSV_HEADER, leadCsvRow } from './lead-csv';

describe('CSV cells (RFC 4180)', () => {
  it('leaves plain values alone, and empty for nothing', () => {
    expect(csvCell('Maria Lopez')).toBe('Maria Lopez');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes values with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Lopez, Maria')).toBe('"Lopez, Maria"');
    expect(csvCell('Maria "Mari" Lopez')).toBe('"Maria ""Mari"" Lopez"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('keeps non-ASCII as it is (the file is UTF-8 with a BOM)', () => {
    expect(UTF8_BOM).toBe('\uFEFF');
    expect(Buffer.from(UTF8_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvCell('José Müller-Łukasz 李雷 👋')).toBe('José Müller-Łukasz 李雷 👋');
  });

  it('neutralises formula injection: = + - @ tab and CR at the start get a leading quote mark', () => {
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csvCell('+1 206 555 0100')).toBe("'+1 206 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    // A tab is quoted too: a spreadsheet that splits on tabs keeps the cell whole.
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    // Only at the start: a hyphenated name or an e-mail is left as it is.
    expect(csvCell('Anne-Marie')).toBe('Anne-Marie');
    expect(csvCell('a@b.test')).toBe('a@b.test');
  });

  it('rows end in CRLF', () => {
    expect(csvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});

describe('a lead as a CSV row', () => {
  it('has the header’s columns: name, contact, stage, tags, source, site, agent, type, dates (UTC), pond, id', () => {
    const row = leadCsvRow({
      fullName: 'Zoë "Z" O’Brien',
      email: 'zoe@example.com',
      phone: '2065550142',
      stage: 'Attempted contact',
      tags: ['vip', 'Kent, WA'],
      source: 'zillow',
      site: 'jane',
      agentName: 'Jane Agent',
      leadType: 'Buyer',
      createdAt: new Date('2026-11-20T08:00:00.123Z'),
      lastActivityAt: new Date('2026-11-23T14:05:09Z'),
      firstContactAt: new Date('2026-11-20T08:05:00Z'),
      lastContactAt: null,
      inPond: false,
      leadId: '8c1f0d2e-0000-4000-8000-000000000001',
    });
    expect(row).toBe(
      '"Zoë ""Z"" O’Brien",zoe@example.com,206-555-0142,Attempted contact,"vip; Kent, WA",zillow,jane,Jane Agent,Buyer,2026-11-20 08:00:00,2026-11-23 14:05:09,2026-11-20 08:05:00,,no,8c1f0d2e-0000-4000-8000-000000000001\r\n',
    );
    expect(csvLine(LEAD_CSV_HEADER).split(',')).toHaveLength(row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).length);
  });

  it('is named after the day of the export', () => {
    expect(exportFilename(new Date('2026-11-23T23:59:00Z'))).toBe('leads-2026-11-23.csv');
  });
});
