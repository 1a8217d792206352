import { Body, Controller, Inject, Param, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import type { ProjectionRunner } from '../../../../projections/runner';
import { projectionStatus } from '../../../../projections/runner';
import { DB_POOL, RUNNER } from '../../../runtime/tokens';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { requireAuth, StaffGuard } from '../../accounts';
import { Rebuilds } from './rebuilds.service';

/** The projections panel: each read model's position, lag, state and version; rebuild and cancel. */
@Controller()
@UseGuards(StaffGuard)
export class ProjectionsController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RUNNER) private readonly runner: ProjectionRunner,
    @Inject(Rebuilds) private readonly rebuilds: Rebuilds,
  ) {}

  @Route(contract.projections.list)
  async list() {
    const statuses = new Map((await projectionStatus(this.pool)).map((s) => [s.name, s]));
    const states = new Map(this.runner.states().map((s) => [s.name, s]));
    return {
      projections: this.rebuilds.names().map((name) => {
        const s = statuses.get(name);
        const running = this.rebuilds.isRunning(name);
        return {
          name,
          version: s?.version ?? null,
          position: s?.position ?? null,
          lag: s?.lag ?? null,
          eventsApplied: s?.eventsApplied ?? 0,
          updatedAt: s?.updatedAt ?? null,
          // 'elsewhere': another instance holds this projection's lock and runs it.
          state: running ? 'rebuilding' : (states.get(name)?.state ?? 'elsewhere'),
          error: states.get(name)?.error ?? null,
          rebuild: this.rebuilds.progress(name),
        };
      }),
    };
  }

  /** The body is empty (validated, so an unknown field in it is refused). */
  @Route(contract.projections.rebuild)
  async rebuild(@Param('name') name: string, @Body() _empty: BodyOf<typeof contract.projections.rebuild>, @Req() req: Request) {
    const progress = await this.rebuilds.start(name, requireAuth(req).userId);
    return { isSuccess: true as const, rebuild: progress };
  }

  @Route(contract.projections.cancelRebuild)
  async cancel(@Param('name') name: string) {
    if (!this.rebuilds.cancel(name)) throw notFound(`No rebuild of ${name} is running here`);
    await this.rebuilds.settled(name);
    return { isSuccess: true as const, rebuild: this.rebuilds.progress(name) };
  }
}
