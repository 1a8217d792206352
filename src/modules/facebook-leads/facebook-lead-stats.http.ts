import { Controller, Inject, Query, UseGuards } from '@nestjs/common';
import type pg from 'pg';
import { facebookLeadStats } from '../../../projections/facebook-leads';
import type { QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';
import { DB_POOL } from '../../runtime/tokens';
import { StaffGuard } from '../accounts';

/** The back-office's "ppc: facebook leads and forms": leads delivered per form and per day (staff). */
@Controller()
@UseGuards(StaffGuard)
export class FacebookLeadStatsController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Route(contract.facebook.stats)
  stats(@Query() q: QueryOf<typeof contract.facebook.stats>) {
    return facebookLeadStats(this.pool, q.days);
  }
}
