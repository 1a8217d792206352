import { describe, expect, it } from 'vitest';
import { readSchoolFile, SchoolFileError } from './ccd-school-file';
import { gradeSpan } from '../../contract/schools';

describe('NCES school files', () => {
  it('reads the EDGE geocode columns as well as the CCD directory ones', () => {
    const rows = readSchoolFile(
      'NCESSCH,LEAID,NAME,STREET,CITY,STATE,ZIP,LAT,LON\n530771001171,5307710,Garfield High School,400 23rd Ave,Seattle,WA,98122,47.605419,-122.301905\n',
    );
    expect(rows).toEqual([
      {
        row: 2,
        school: {
          ncessch: '530771001171',
          name: 'Garfield High School',
          district: null,
          street: '400 23rd Ave',
          city: 'Seattle',
          state: 'WA',
          zip: '98122',
          level: null,
          gradeLow: null,
          gradeHigh: null,
          latitude: 47.605419,
          longitude: -122.301905,
        },
      },
    ]);
  });

  it("takes NCES's missing-value codes for no value, and rejects a row without an id or a place", () => {
    const rows = readSchoolFile(
      'NCESSCH,SCH_NAME,LZIP,GSLO,GSHI,LEVEL,LAT,LON\n530771001173,Bailey Gatzert Elementary,-1,KG,05,Not reported,47.6012,-122.3155\n5307710011,Short Id,98101,KG,05,Elementary,47.6,-122.3\n530771001150,No Place,98108,09,12,High,0,0\n',
    );
    expect(rows[0]).toMatchObject({ school: { zip: null, level: null, gradeLow: 'KG', gradeHigh: '05' } });
    expect(rows[1]).toEqual({ row: 3, rejected: 'NCESSCH "5307710011" is not a 12-digit NCES school id' });
    expect(rows[2]).toEqual({ row: 4, rejected: 'school 530771001150 has no usable LAT/LON' });
  });

  it('refuses a file that is not a schools file, naming the missing columns', () => {
    expect(() => readSchoolFile('id,title\n1,x\n')).toThrow(
      new SchoolFileError('the header has no NCESSCH, SCH_NAME, LAT, LON column (an NCES school directory or EDGE geocode file is expected)'),
    );
    expect(() => readSchoolFile('')).toThrow(SchoolFileError);
  });

  it('says the grade span as parents read it', () => {
    expect(gradeSpan('KG', '05')).toBe('K–5');
    expect(gradeSpan('09', '12')).toBe('9–12');
    expect(gradeSpan('PK', 'PK')).toBe('PK');
    expect(gradeSpan(null, null)).toBeNull();
  });
});
