import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { projectionStatus, type ProjectionRunner } from '../../projections/runner';
import type { Config } from '../config/config';
import type { z } from 'zod';
import type { Route as RouteDeclaration } from '../contract/route';
import { contract } from '../contract/routes';
import { Route } from '../http/contract/route.decorator';
import { CONFIG, DB_POOL, RUNNER } from '../runtime/tokens';
import { fromLoopback, isStaff } from '../http/staff-or-loopback';

/**
 * Writes an answer whose status the state decides (200 or 503), which a route's fixed success
 * status cannot express; the body is typed by what the route declares for that status. Nest
 * ignores what a `@Res()` handler returns, hence `never`.
 */
function written<R extends RouteDeclaration, S extends keyof R['responses'] & number>(
  res: Response,
  _route: R,
  status: S,
  body: z.input<NonNullable<R['responses'][S]>>,
): never {
  res.status(status).json(body);
  return undefined as never;
}

/** What `/health` may take away for a caller outside: the projections' states and errors. */
type Shown = { status: string; projections?: readonly { name: string; position: string; lag: number }[] };

@Controller()
export class HealthController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RUNNER) private readonly runner: ProjectionRunner,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** 200 while the process serves requests, whatever the database does (a liveness probe). */
  @Route(contract.health.live)
  live() {
    return { status: 'ok' as const };
  }

  /**
   * Whether to send this instance traffic (a readiness probe): 200 when the database answers and
   * no projection of this process is stopped by an error; else 503 naming what fails.
   */
  @Route(contract.health.ready)
  async ready(@Res() res: Response) {
    const failing = this.runner
      .states()
      .filter((s) => s.state === 'failed')
      .map((s) => s.name);
    const answers = await this.pool.query('SELECT 1').then(
      () => true,
      () => false,
    );
    if (!answers) failing.unshift('database');
    return failing.length > 0
      ? written(res, contract.health.ready, 503, { status: 'failing', failing })
      : written(res, contract.health.ready, 200, { status: 'ok' });
  }

  /** 200 once ready; 503 if the database cannot be reached. Lag is in events. */
  @Route(contract.health.status)
  async health(@Req() req: Request, @Res() res: Response) {
    const shown = this.shownTo(req);
    try {
      const statuses = await projectionStatus(this.pool);
      const states = new Map(this.runner.states().map((s) => [s.name, s]));
      return written(
        res,
        contract.health.status,
        200,
        shown({
          status: 'ok' as const,
          eventStore: this.config.eventStoreUrl ? 'kurrentdb' : 'postgres',
          projections: statuses.map((s) => ({
            name: s.name,
            position: s.position,
            lag: s.lag,
            state: states.get(s.name)?.state ?? 'elsewhere',
            ...(states.get(s.name)?.error ? { error: states.get(s.name)?.error } : {}),
          })),
        }),
      );
    } catch {
      return written(res, contract.health.status, 503, shown({ status: 'unavailable' as const, message: 'The database cannot be reached' }));
    }
  }

  /**
   * In production, a caller outside loopback who is not signed-in staff gets the contract's shape
   * (status, event store, each projection's name, position and lag) without the projections' states
   * and errors, which describe the inside of the deployment; a failure's message likewise.
   */
  private shownTo(req: Request): <B extends Shown>(body: B) => B {
    const details = this.config.env !== 'production' || fromLoopback(req) || isStaff(req);
    return <B extends Shown>(body: B): B => {
      if (details) return body;
      const { message: _message, ...rest } = body as B & { message?: string };
      return (body.projections ? { ...rest, projections: body.projections.map(({ name, position, lag }) => ({ name, position, lag })) } : rest) as B;
    };
  }
}
