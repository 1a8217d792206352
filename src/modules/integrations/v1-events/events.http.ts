import { Controller, Inject, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { publicEventsAfter } from '../../../../projections/public-events';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { DB_POOL } from '../../../runtime/tokens';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { ApiKeyGuard } from '../v1/api-key.guard';

const DEFAULT_LIMIT = 100;

@Controller()
@UseGuards(ApiKeyGuard)
export class V1EventsController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  /** `next`: the last position given (or `after` again when there is nothing new), to ask after next time. */
  @Route(contract.v1.events)
  async events(@Query() q: QueryOf<typeof contract.v1.events>, @Req() req: Request) {
    const after = q.after ?? 0;
    const events = await publicEventsAfter(this.pool, dashboardViewer(req), after, q.limit ?? DEFAULT_LIMIT);
    return { events, next: events.at(-1)?.position ?? after };
  }
}
