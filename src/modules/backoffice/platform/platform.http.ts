import { memberCounts } from '../../../../projections/members';
import { Get, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { requireAuth } from '../../accounts';
import { BackofficeController } from '../backoffice-controller';

/** Spec calls "ping" and "stats". */
@BackofficeController()
export class PlatformController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Get('ping')
  @ApiDoc({ summary: 'Is the back-office reachable for this staff member', tag: 'Back-office', access: 'staff' })
  ping(@Req() req: Request) {
    return { ok: true, userId: requireAuth(req).userId, at: new Date().toISOString() };
  }

  @Get('stats')
  @ApiDoc({ summary: 'Members by level and status, sites, events and live impersonations', tag: 'Back-office', access: 'staff' })
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
