import { memberCounts } from '../../../../projections/members';
import { Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { requireAuth } from '../../accounts';
import { BackofficeController } from '../backoffice-controller';

/** Spec calls "ping" and "stats". */
@BackofficeController()
export class PlatformController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Route(contract.backoffice.ping)
  ping(@Req() req: Request) {
    return { ok: true as const, userId: requireAuth(req).userId, at: new Date().toISOString() };
  }

  @Route(contract.backoffice.stats)
  async stats() {
    const [counts, sessions] = await Promise.all([
      memberCounts(this.pool),
      this.pool.query<{ n: string }>('SELECT count(*) AS n FROM sessions WHERE impersonator_id IS NOT NULL AND expires_at > now()'),
    ]);
    return {
      membersByLevel: counts.byLevel,
      membersByStatus: counts.byStatus,
      sites: counts.sites,
      activeImpersonations: Number(sessions.rows[0]?.n ?? 0),
    };
  }
}
