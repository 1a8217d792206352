import { Controller, Inject, Query } from '@nestjs/common';
import type pg from 'pg';
import { nearestSchools } from '../../../projections/schools';
import { DB_POOL } from '../../runtime/tokens';
import { SCHOOL_LIMIT, SCHOOL_RADIUS_MILES } from '../../contract/schools';
import type { QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';

/** GET /api/school: public, like the listing page that shows it. */
@Controller()
export class SchoolsController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Route(contract.schools.nearest)
  async nearest(@Query() q: QueryOf<typeof contract.schools.nearest>) {
    return {
      schools: await nearestSchools(this.pool, { latitude: q.lat, longitude: q.lng }, { limit: q.limit ?? SCHOOL_LIMIT, radiusMiles: SCHOOL_RADIUS_MILES }),
    };
  }
}
