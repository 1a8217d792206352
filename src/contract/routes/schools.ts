import { z } from 'zod';
import { routes } from '../route';
import { NearbySchoolSchema, SCHOOL_MAX_LIMIT, SCHOOL_RADIUS_MILES } from '../schools';

const coordinate = (max: number, name: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${name} is required` : `${name} must be a number`) })
    .trim()
    .refine((s) => /^-?\d{1,3}(\.\d{1,12})?$/.test(s), `${name} must be a number`)
    .transform(Number)
    .refine((n) => Math.abs(n) <= max, `${name} must be between -${max} and ${max}`);

/** Nearby public schools on a listing's page (public, like the page). */
export const schoolsRoutes = routes('schools', {
  nearest: {
    method: 'GET',
    path: 'api/school',
    summary: `The public schools nearest a point (a listing's latitude and longitude), nearest first, within ${SCHOOL_RADIUS_MILES} miles: name, level, grades and straight-line distance in miles (none when none was imported near)`,
    tag: 'search',
    access: 'anyone',
    query: z.strictObject({
      lat: coordinate(90, 'lat'),
      lng: coordinate(180, 'lng'),
      limit: z
        .string()
        .refine((s) => /^\d{1,3}$/.test(s), 'limit must be a whole number')
        .transform(Number)
        .refine((n) => n >= 1 && n <= SCHOOL_MAX_LIMIT, `limit must be between 1 and ${SCHOOL_MAX_LIMIT}`)
        .optional(),
    }),
    responses: { 200: z.strictObject({ schools: z.array(NearbySchoolSchema) }) },
  },
});
