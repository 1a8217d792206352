import { Body, Controller, Get, HttpCode, Inject, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { EventStore } from '../../../eventstore/event-store.port';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { AppError, forbidden, validation } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { commandContextOf } from '../../../commands/request-context';
import { loadAccount } from '../../accounts';
import { dashboardViewer, type Viewer } from '../../../shared/viewer/viewer';
import { officeStream } from '../office.events';
import { loadOffice, officeOfViewer } from '../load-office';
import { isClaimWindow, isRoutingWeight, OFFICE_MESSAGES } from '../office';
import { simulateRouting } from '../simulate-routing/simulate-routing';
import { OfficeCommand } from '../office.command';

export const ROUTING_RULES_MESSAGES = {
  brokersOnly: 'Only the broker can simulate or change the routing rules',
  period: 'The period is two dates (2026-01-31), the first on or before the second, at most 366 days apart',
} as const;

const log = logger('routing');
/** How often a streamed simulation says how far it has come. */
const PROGRESS_EVERY_MS = 250;

const SIMULATIONS: RateLimit = { name: 'routing-simulation', limit: 30, windowSeconds: 3600, message: 'Too many routing simulations; try again later' };
const APPLIES: RateLimit = { name: 'routing-rules-write', limit: 30, windowSeconds: 3600, message: 'Too many changes to the routing rules; try again later' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const agentId = z.string().regex(UUID, { error: 'An agent is named by their id' });
const Rules = z.strictObject({
  listingAgentFirst: z.boolean({ error: 'listingAgentFirst is true or false' }),
  weights: z
    .record(agentId, z.custom<number>(isRoutingWeight, { error: OFFICE_MESSAGES.weight }))
    .refine((w) => Object.keys(w).length <= 500, { error: 'At most 500 weights' }),
  off: z.array(agentId).max(500),
  pond: z.strictObject({
    enabled: z.boolean(),
    claimWindowMinutes: z.custom<number>(isClaimWindow, { error: OFFICE_MESSAGES.claimWindow }),
  }),
});
const brokerId = z.string().regex(UUID, { error: 'brokerId is not an id' }).optional();
const day = z.string({ error: ROUTING_RULES_MESSAGES.period }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: ROUTING_RULES_MESSAGES.period });
const SimulationBody = z.strictObject({ from: day, to: day, rules: Rules, brokerId });
const ApplyBody = z.strictObject({ rules: Rules, brokerId });
const RulesQuery = z.strictObject({ brokerId });

/** [from, to + 1 day) in UTC: both days are whole; a date that does not exist, or a period backwards or over 366 days, is 400. */
function periodOf(from: string, to: string): { from: Date; to: Date } {
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000);
  const real = (d: Date, s: string) => !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  if (!real(start, from) || !real(new Date(end.getTime() - 86_400_000), to) || end <= start || end.getTime() - start.getTime() > 366 * 86_400_000) {
    throw validation(ROUTING_RULES_MESSAGES.period);
  }
  return { from: start, to: end };
}

/**
 * The office's routing rules as versioned data, their simulation over past leads, and applying
 * them (issue 19 part 4). The broker for their own office, staff naming one with brokerId;
 * agents 403. A simulation reads the event log and writes nothing.
 */
@Controller('api/dashboard/routing')
export class RoutingRulesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Get('rules')
  @ApiDoc({ summary: "The office's routing rules in force, with their version", tag: 'Dashboard: pond', access: 'brokers, staff (?brokerId=)', query: RulesQuery })
  async rules(@Query() query: unknown, @Req() req: Request) {
    const office = await this.officeOf(dashboardViewer(req), parseBody(RulesQuery, query).brokerId);
    return { brokerId: office, rules: (await loadOffice(this.store, office)).rules };
  }

  @Post('simulation')
  @HttpCode(200)
  @ApiDoc({
    summary: "Replay a past period's leads from the event log under the rules of their time and under candidate rules (read-only)",
    tag: 'Dashboard: pond',
    access: 'brokers, staff (brokerId)',
    body: SimulationBody,
    responses: {
      200: '{leads, unfaithful, agents:[{agentId, name, actual, candidate}], changed:[{leadId, fullName, capturedAt, actual, candidate}], changedCount, inForce}; with Accept: application/x-ndjson, lines {progress} then {result}',
      403: 'agents',
    },
  })
  async simulate(@Body() body: unknown, @Req() req: Request, @Res() res: Response) {
    const viewer = dashboardViewer(req);
    const input = parseBody(SimulationBody, body);
    const office = await this.officeOf(viewer, input.brokerId);
    const period = periodOf(input.from, input.to);
    await this.limiter.enforce(SIMULATIONS, viewer.userId);
    const { account } = await loadAccount(this.store, office);
    const names = new Map(account.exists ? [[office, `${account.firstName} ${account.lastName}`.trim()]] : []);
    if (!String(req.headers.accept ?? '').includes('application/x-ndjson')) {
      res.json(await simulateRouting(this.store, office, period, input.rules, names));
      return;
    }
    // Asked for as lines of JSON: {"progress": 0..1} while the log is read, then {"result": ...} (or {"message": ...}).
    res.status(200).type('application/x-ndjson');
    res.setHeader('Cache-Control', 'no-store');
    let said = 0;
    const line = (v: unknown) => res.write(`${JSON.stringify(v)}\n`);
    line({ progress: 0 });
    try {
      const result = await simulateRouting(this.store, office, period, input.rules, names, (progress) => {
        if (Date.now() - said < PROGRESS_EVERY_MS) return;
        said = Date.now();
        line({ progress: Math.round(progress * 100) / 100 });
      });
      line({ result });
    } catch (err) {
      log.error('a routing simulation failed', { brokerId: office, message: (err as Error).message });
      line({ message: err instanceof AppError ? err.message : 'The simulation could not be run' });
    }
    res.end();
  }

  @Put('rules')
  @ApiDoc({ summary: 'Apply routing rules to the office (RoutingRulesChanged: the next version, who and when)', tag: 'Dashboard: pond', access: 'brokers, staff (brokerId)', body: ApplyBody })
  async apply(@Body() body: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const input = parseBody(ApplyBody, body);
    const office = await this.officeOf(viewer, input.brokerId);
    await this.limiter.enforce(APPLIES, viewer.userId);
    const by = { role: viewer.role, userId: viewer.userId };
    const result = await this.commands.execute(new OfficeCommand(officeStream(office), { kind: 'apply-routing-rules', brokerId: office, rules: input.rules, by }, commandContextOf(req)));
    return { brokerId: office, rules: result.state.rules };
  }

  private async officeOf(viewer: Viewer, asked: string | undefined): Promise<string> {
    if (viewer.role === 'agent') throw forbidden(ROUTING_RULES_MESSAGES.brokersOnly);
    return officeOfViewer(this.store, viewer, asked);
  }
}
