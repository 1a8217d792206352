import { describe, expect, it } from 'vitest';
import type { SchoolRecord } from '../../src/modules/schools/school-record';
import type { SchoolListed } from '../../src/modules/schools/schools.events';
import { projectionSpecification } from '../../tests/support/projection-specification';
import { nearestSchools, schoolsProjection } from './index';

// Real NCES-shaped records around Seattle's Green Lake (the demo's sample is in data/demo/).
const school = (ncessch: string, name: string, latitude: number, longitude: number, over: Partial<SchoolRecord> = {}): SchoolRecord => ({
  ncessch,
  name,
  district: 'Seattle School District No. 1',
  street: null,
  city: 'Seattle',
  state: 'WA',
  zip: '98103',
  level: 'Elementary',
  gradeLow: 'KG',
  gradeHigh: '05',
  latitude,
  longitude,
  ...over,
});
const listed = (s: SchoolRecord): SchoolListed => ({ type: 'SchoolListed', data: { school: s } });
const GREEN_LAKE = { latitude: 47.6796, longitude: -122.3255 };
const NEAR = school('530771001186', 'Green Lake Elementary', 47.6794, -122.3265);
const FARTHER = school('530771001140', 'Bagley Elementary', 47.6861, -122.3436);
const ACROSS_THE_SOUND = school('530771001999', 'Across the Sound Elementary', 47.5673, -122.6326);

describe('schools read model', () => {
  const spec = projectionSpecification(schoolsProjection);

  it('given schools around a point, then the nearest come first and one beyond the radius is left out', () =>
    spec.given(listed(FARTHER), listed(ACROSS_THE_SOUND), listed(NEAR)).then(async ({ pool }) => {
      const near = await nearestSchools(pool, GREEN_LAKE, { limit: 5, radiusMiles: 5 });
      expect(near.map((s) => s.ncessch)).toEqual([NEAR.ncessch, FARTHER.ncessch]);
      expect(near[0]!.distanceMiles).toBeLessThan(near[1]!.distanceMiles);
      expect(near[0]!.address).toBe('Seattle, WA 98103');
    }));

  it('given a school listed twice, when its record changes, then one row holds the latest record', () =>
    spec
      .given(listed(NEAR))
      .when(listed({ ...NEAR, name: 'Green Lake Elementary School', gradeHigh: '06' }))
      .then(async ({ pool, rows }) => {
        expect(await rows('SELECT ncessch FROM schools')).toHaveLength(1);
        const [only] = await nearestSchools(pool, GREEN_LAKE, { limit: 5, radiusMiles: 1 });
        expect(only).toMatchObject({ name: 'Green Lake Elementary School', grades: 'K–6' });
      }));

  it('answers nothing when no school is within the radius, and honours the limit', () =>
    spec.given(listed(NEAR), listed(FARTHER)).then(async ({ pool }) => {
      expect(await nearestSchools(pool, { latitude: 40.7128, longitude: -74.006 }, { limit: 5, radiusMiles: 5 })).toEqual([]);
      expect(await nearestSchools(pool, GREEN_LAKE, { limit: 1, radiusMiles: 5 })).toHaveLength(1);
    }));
});
