import { CsvReader } from '../../contract/csv';
import type { SchoolRecord } from './school-record';

/** A row the import leaves out, and why (numbered as a spreadsheet numbers its rows). */
export type RejectedSchool = { readonly row: number; readonly message: string };
export type SchoolRow = { readonly row: number; readonly school: SchoolRecord } | { readonly row: number; readonly rejected: string };

export class SchoolFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchoolFileError';
  }
}

/**
 * The columns read, by the names NCES gives them: the CCD directory (`ccd_sch_029`: NCESSCH,
 * SCH_NAME, LEA_NAME, LSTREET1, LCITY, LSTATE, LZIP, GSLO, GSHI, LEVEL) and the EDGE geocodes
 * (NAME, STREET, CITY, STATE, ZIP, LAT, LON), or a join of both. Older CCD years name the
 * coordinates LATCOD / LONCOD and the street LSTREE. Other columns are ignored.
 */
const COLUMNS = {
  ncessch: ['NCESSCH'],
  name: ['SCH_NAME', 'NAME'],
  district: ['LEA_NAME', 'NMLEA'],
  street: ['LSTREET1', 'LSTREE', 'STREET'],
  city: ['LCITY', 'CITY'],
  state: ['LSTATE', 'STATE', 'ST'],
  zip: ['LZIP', 'ZIP'],
  level: ['LEVEL'],
  gradeLow: ['GSLO'],
  gradeHigh: ['GSHI'],
  latitude: ['LAT', 'LATCOD', 'LATITUDE'],
  longitude: ['LON', 'LONCOD', 'LONGITUDE'],
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: readonly Column[] = ['ncessch', 'name', 'latitude', 'longitude'];

/** NCES writes -1 (missing), -2 (not applicable), -9 and "M"/"N" codes where it has no value. */
const MISSING = new Set(['', '-1', '-2', '-9', 'M', 'N', 'Not reported', 'Not applicable']);
const GRADE = /^(PK|KG|UG|AE|0[1-9]|1[0-3])$/;
const LEVELS = new Set([
  'Prekindergarten',
  'Elementary',
  'Middle',
  'High',
  'Secondary',
  'Ungraded',
  'Other',
  'Adult Education',
  'Not reported',
  'Not applicable',
]);

type Columns = Record<Column, number | undefined>;

function columnsOf(header: readonly string[]): Columns {
  const names = header.map((h) => h.trim().toUpperCase());
  const found = {} as Record<Column, number | undefined>;
  for (const [key, aliases] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    const at = aliases.map((a) => names.indexOf(a)).find((i) => i >= 0);
    found[key] = at;
  }
  const missing = REQUIRED.filter((c) => found[c] === undefined).map((c) => COLUMNS[c][0]);
  if (missing.length > 0)
    throw new SchoolFileError(`the header has no ${missing.join(', ')} column (an NCES school directory or EDGE geocode file is expected)`);
  return found;
}

function recordOf(fields: readonly string[], at: Columns): SchoolRecord | string {
  const text = (c: Column): string | null => {
    const i = at[c];
    const v = i === undefined ? '' : (fields[i] ?? '').trim();
    return MISSING.has(v) ? null : v;
  };
  const ncessch = text('ncessch');
  if (!ncessch || !/^\d{12}$/.test(ncessch)) return `NCESSCH ${JSON.stringify(ncessch ?? '')} is not a 12-digit NCES school id`;
  const name = text('name');
  if (!name) return `school ${ncessch} has no name`;
  const latitude = Number(text('latitude'));
  const longitude = Number(text('longitude'));
  if (
    !text('latitude') ||
    !text('longitude') ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180 ||
    (latitude === 0 && longitude === 0)
  )
    return `school ${ncessch} has no usable LAT/LON`;
  const gradeOf = (c: 'gradeLow' | 'gradeHigh') => {
    const g = text(c)?.toUpperCase() ?? null;
    return g && GRADE.test(g) ? g : null;
  };
  const level = text('level');
  return {
    ncessch,
    name: name.slice(0, 200),
    district: text('district')?.slice(0, 200) ?? null,
    street: text('street')?.slice(0, 200) ?? null,
    city: text('city')?.slice(0, 100) ?? null,
    state: text('state')?.toUpperCase().slice(0, 2) ?? null,
    zip: text('zip')?.slice(0, 5) ?? null,
    level: level && LEVELS.has(level) && level !== 'Not reported' && level !== 'Not applicable' ? level : null,
    gradeLow: gradeOf('gradeLow'),
    gradeHigh: gradeOf('gradeHigh'),
    latitude: Math.round(latitude * 1e6) / 1e6,
    longitude: Math.round(longitude * 1e6) / 1e6,
  };
}

/**
 * Reads an NCES schools file a piece at a time (as it streams from disk): CSV with a header row,
 * comma, semicolon or tab sniffed from it (NCES's own CSV downloads; the EDGE TXT, which has no
 * header, is opened in a spreadsheet and saved as CSV first). A header without the id, name or
 * coordinates is a SchoolFileError; a row without them is rejected, the others still import.
 */
export class SchoolFileReader {
  private readonly csv = new CsvReader();
  private columns: Columns | undefined;

  push(text: string): SchoolRow[] {
    return this.rows(this.csv.push(text));
  }

  end(): SchoolRow[] {
    const rows = this.rows(this.csv.end());
    if (!this.columns) throw new SchoolFileError('the file is empty');
    return rows;
  }

  private rows(records: readonly { row: number; fields: readonly string[] }[]): SchoolRow[] {
    const out: SchoolRow[] = [];
    for (const r of records) {
      if (!this.columns) {
        this.columns = columnsOf(r.fields);
        continue;
      }
      const school = recordOf(r.fields, this.columns);
      out.push(typeof school === 'string' ? { row: r.row, rejected: school } : { row: r.row, school });
    }
    return out;
  }
}

/** The whole text at once (a browser upload or a test). */
export function readSchoolFile(text: string): SchoolRow[] {
  const reader = new SchoolFileReader();
  return [...reader.push(text), ...reader.end()];
}
