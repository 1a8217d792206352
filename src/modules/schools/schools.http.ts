import { Controller, Get, Inject, Query } from '@nestjs/common';
import type pg from 'pg';
import { z } from 'zod';
import { nearestSchools } from '../../../projections/schools';
import { DB_POOL } from '../../runtime/tokens';
import { SCHOOL_LIMIT, SCHOOL_MAX_LIMIT, SCHOOL_RADIUS_MILES, type NearbySchools } from '../../contract/schools';
import { ApiDoc } from '../../http/openapi/api-doc.decorator';
import { parseBody } from '../../http/parse-body';

const coordinate = (max: number, name: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${name} is required` : `${name} must be a number`) })
    .trim()
    .refine((s) => /^-?\d{1,3}(\.\d{1,12})?$/.test(s), `${name} must be a number`)
    .transform(Number)
    .refine((n) => Math.abs(n) <= max, `${name} must be between -${max} and ${max}`);

const SchoolQuery = z.strictObject({
  lat: coordinate(90, 'lat'),
  lng: coordinate(180, 'lng'),
  limit: z
    .string()
    .refine((s) => /^\d{1,3}$/.test(s), 'limit must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1 && n <= SCHOOL_MAX_LIMIT, `limit must be between 1 and ${SCHOOL_MAX_LIMIT}`)
    .optional(),
});

/** GET /api/school: public, like the listing page that shows it. */
@Controller('api/school')
export class SchoolsController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @ApiDoc({
    summary: `The public schools nearest a point (a listing's latitude and longitude), nearest first, within ${SCHOOL_RADIUS_MILES} miles: name, level, grades and straight-line distance in miles`,
    tag: 'search',
    access: 'anyone',
    query: SchoolQuery,
    responses: { 200: '{schools: NearbySchool[]} (empty when none was imported near)', 400: 'lat or lng missing or out of range' },
  })
  @Get()
  async nearest(@Query() query: unknown): Promise<NearbySchools> {
    const q = parseBody(SchoolQuery, query);
    return { schools: await nearestSchools(this.pool, { latitude: q.lat, longitude: q.lng }, { limit: q.limit ?? SCHOOL_LIMIT, radiusMiles: SCHOOL_RADIUS_MILES }) };
  }
}
