import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { projectionStatus, type ProjectionRunner } from '../../projections/runner';
import type { Config } from '../config/config';
import { CONFIG, DB_POOL, RUNNER } from '../runtime/tokens';
import { fromLoopback, isStaff } from '../http/staff-or-loopback';

@Controller()
export class HealthController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RUNNER) private readonly runner: ProjectionRunner,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** 200 while the process serves requests, whatever the database does (a liveness probe). */
  @Get('health/live')
  live(@Res() res: Response): void {
    res.status(200).json({ status: 'ok' });
  }

  /**
   * Whether to send this instance traffic (a readiness probe): 200 when the database answers and
   * no projection of this process is stopped by an error; else 503 naming what fails.
   */
  @Get('health/ready')
  async ready(@Res() res: Response): Promise<void> {
    const failing = this.runner
      .states()
      .filter((s) => s.state === 'failed')
      .map((s) => s.name);
    const answers = await this.pool.query('SELECT 1').then(
      () => true,
      () => false,
    );
    if (!answers) failing.unshift('database');
    if (failing.length > 0) res.status(503).json({ status: 'failing', failing });
    else res.status(200).json({ status: 'ok' });
  }

  /** 200 once ready; 503 if the database cannot be reached. Lag is in events. */
  @Get('health')
  async health(@Req() req: Request, @Res() res: Response): Promise<void> {
    const shown = this.shownTo(req);
    try {
      const statuses = await projectionStatus(this.pool);
      const states = new Map(this.runner.states().map((s) => [s.name, s]));
      res.status(200).json(shown({
        status: 'ok',
        eventStore: this.config.eventStoreUrl ? 'kurrentdb' : 'postgres',
        projections: statuses.map((s) => ({
          name: s.name,
          position: s.position,
          lag: s.lag,
          state: states.get(s.name)?.state ?? 'elsewhere',
          ...(states.get(s.name)?.error ? { error: states.get(s.name)?.error } : {}),
        })),
      }));
    } catch {
      res.status(503).json(shown({ status: 'unavailable', message: 'The database cannot be reached' }));
    }
  }

  /**
   * In production, a caller outside loopback who is not signed-in staff gets only the status:
   * the projections and their errors describe the inside of the deployment.
   */
  private shownTo(req: Request): <B extends { status: string }>(body: B) => B | { status: string } {
    const details = this.config.env !== 'production' || fromLoopback(req) || isStaff(req);
    return (body) => (details ? body : { status: body.status });
  }
}
