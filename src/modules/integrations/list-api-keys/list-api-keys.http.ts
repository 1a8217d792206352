import { Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { apiKeysOf } from '../../../../projections/api-keys';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { DB_POOL } from '../../../runtime/tokens';
import { dashboardViewer } from '../../../shared/viewer/viewer';

@Controller()
export class ListApiKeysController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Route(contract.apiKeys.list)
  async list(@Req() req: Request) {
    return { keys: await apiKeysOf(this.pool, dashboardViewer(req).userId) };
  }
}
