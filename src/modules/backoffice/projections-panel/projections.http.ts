import { Body, Delete, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import type { ProjectionRunner } from '../../../../projections/runner';
import { projectionStatus } from '../../../../projections/runner';
import { DB_POOL, RUNNER } from '../../../runtime/tokens';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { notFound } from '../../../shared/errors';
import { requireAuth } from '../../accounts';
import { BackofficeController } from '../backoffice-controller';
import { Rebuilds } from './rebuilds.service';

const RebuildBody = z.strictObject({});

/** The projections panel: each read model's position, lag, state and version; rebuild and cancel. */
@BackofficeController('projections')
export class ProjectionsController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RUNNER) private readonly runner: ProjectionRunner,
    @Inject(Rebuilds) private readonly rebuilds: Rebuilds,
  ) {}

  @Get()
  @ApiDoc({ summary: 'Every projection: position, lag (events behind the log), state, version and the last rebuild', tag: 'Back-office: projections', access: 'staff' })
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

  @Post(':name/rebuild')
  @HttpCode(202)
  @ApiDoc({ summary: 'Start rebuilding a projection in this process; progress is pushed to staff as projection.progress', tag: 'Back-office: projections', access: 'staff', body: RebuildBody, responses: { 202: 'the first progress', 404: 'no such projection', 409: 'already rebuilding' } })
  async rebuild(@Param('name') name: string, @Body() body: unknown, @Req() req: Request) {
    parseBody(RebuildBody, body ?? {});
    const progress = await this.rebuilds.start(name, requireAuth(req).userId);
    return { isSuccess: true, rebuild: progress };
  }

  @Delete(':name/rebuild')
  @ApiDoc({ summary: 'Cancel a running rebuild (the live tables stay as they were)', tag: 'Back-office: projections', access: 'staff', responses: { 200: '{isSuccess}', 404: 'no rebuild running' } })
  async cancel(@Param('name') name: string) {
    if (!this.rebuilds.cancel(name)) throw notFound(`No rebuild of ${name} is running here`);
    await this.rebuilds.settled(name);
    return { isSuccess: true, rebuild: this.rebuilds.progress(name) };
  }
}
