import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type pg from 'pg';
import { projectionStatus, type ProjectionRunner } from '../../projections/runner';
import type { Config } from '../config/config';
import { CONFIG, DB_POOL, RUNNER } from '../app/tokens';

@Controller()
export class HealthController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RUNNER) private readonly runner: ProjectionRunner,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** 200 once ready; 503 if the database cannot be reached. Lag is in events. */
  @Get('health')
  async health(@Res() res: Response): Promise<void> {
    try {
      const statuses = await projectionStatus(this.pool);
      const states = new Map(this.runner.states().map((s) => [s.name, s]));
      res.status(200).json({
        status: 'ok',
        eventStore: this.config.eventStoreUrl ? 'kurrentdb' : 'postgres',
        projections: statuses.map((s) => ({
          name: s.name,
          position: s.position,
          lag: s.lag,
          state: states.get(s.name)?.state ?? 'elsewhere',
          ...(states.get(s.name)?.error ? { error: states.get(s.name)?.error } : {}),
        })),
      });
    } catch {
      res.status(503).json({ status: 'unavailable', message: 'The database cannot be reached' });
    }
  }
}
