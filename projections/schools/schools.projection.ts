import type { SchoolListed } from '../../src/modules/schools/schools.events';
import { eventsOf, handledTypes, type Projection } from '../runner';

type Handled = SchoolListed;

/** Public schools with their place, for "Nearby schools": one row per NCES school id, the latest listing wins. */
export const schoolsProjection: Projection = {
  name: 'schools',
  version: 1,
  eventTypes: handledTypes<Handled>()(['SchoolListed']),
  tables: ['schools'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('schools')} (
      ncessch text COLLATE "C" PRIMARY KEY,
      name text NOT NULL,
      district text,
      street text,
      city text,
      state text,
      zip text,
      level text,
      grade_low text,
      grade_high text,
      latitude double precision NOT NULL,
      longitude double precision NOT NULL,
      changed_at timestamptz NOT NULL
    )`);
    // Nearest-first reads a box around the point on latitude, then measures what is in it.
    await tx.query(`CREATE INDEX ON ${t('schools')} (latitude, longitude)`);
  },
  async apply(events, { tx, table }) {
    const schools = table('schools');
    for (const e of eventsOf<Handled>(events)) {
      const s = e.data.school;
      await tx.query(
        `INSERT INTO ${schools} (ncessch, name, district, street, city, state, zip, level, grade_low, grade_high, latitude, longitude, changed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (ncessch) DO UPDATE SET name = $2, district = $3, street = $4, city = $5, state = $6, zip = $7, level = $8,
           grade_low = $9, grade_high = $10, latitude = $11, longitude = $12, changed_at = $13`,
        [s.ncessch, s.name, s.district, s.street, s.city, s.state, s.zip, s.level, s.gradeLow, s.gradeHigh, s.latitude, s.longitude, e.metadata.at],
      );
    }
  },
};
