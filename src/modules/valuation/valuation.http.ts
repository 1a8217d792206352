import { Body, Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import type { BodyOf, ResponseOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';
import type { RateLimit } from '../../http/rate-limiter';
import { DB_POOL } from '../../runtime/tokens';
import { AddressLimiter } from '../accounts';
import { valueHome } from './value-home';

/** Each valuation reads a few hundred sales: generous for a person, a wall for a scraper. */
const VALUATIONS: RateLimit = {
  name: 'valuation',
  limit: 60,
  windowSeconds: 600,
  message: 'Too many valuations from your address; try again in a few minutes',
};

/** The instant value (contract section 14): public, limited per client address. */
@Controller()
export class ValuationController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(AddressLimiter) private readonly limiter: AddressLimiter,
  ) {}

  @Route(contract.valuation.estimate)
  async estimate(@Body() body: BodyOf<typeof contract.valuation.estimate>, @Req() req: Request): Promise<ResponseOf<typeof contract.valuation.estimate>> {
    await this.limiter.enforce(VALUATIONS, req);
    return valueHome(this.pool, body, new Date().toISOString().slice(0, 10));
  }
}
