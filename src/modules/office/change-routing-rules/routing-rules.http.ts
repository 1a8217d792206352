import { Body, Controller, Inject, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { EventStore } from '../../../eventstore/event-store.port';
import type { AnswerOf, BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { ROUTING_RULES_MESSAGES } from '../../../contract/routes/office';
import { Route } from '../../../http/contract/route.decorator';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { AppError, forbidden, validation } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { commandContextOf } from '../../../commands/request-context';
import { loadAccount } from '../../accounts';
import { dashboardViewer, type Viewer } from '../../../shared/viewer/viewer';
import { officeStream } from '../office.events';
import { loadOffice, officeOfViewer } from '../load-office';
import { simulateRouting } from '../simulate-routing/simulate-routing';
import { OfficeCommand } from '../office.command';

const log = logger('routing');
/** How often a streamed simulation says how far it has come. */
const PROGRESS_EVERY_MS = 250;

const SIMULATIONS: RateLimit = { name: 'routing-simulation', limit: 30, windowSeconds: 3600, message: 'Too many routing simulations; try again later' };
const APPLIES: RateLimit = { name: 'routing-rules-write', limit: 30, windowSeconds: 3600, message: 'Too many changes to the routing rules; try again later' };

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
 * them (issue 19 part 4). The broker for their own office, staff naming one with officeId;
 * agents 403. A simulation reads the event log and writes nothing.
 */
@Controller()
export class RoutingRulesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Route(contract.office.rules)
  async rules(@Query() query: QueryOf<typeof contract.office.rules>, @Req() req: Request) {
    const office = await this.officeOf(dashboardViewer(req), query.officeId);
    return { officeId: office, rules: (await loadOffice(this.store, office)).rules };
  }

  /** The handler writes its answer itself (JSON, or when asked lines of JSON as the replay goes): Nest sends nothing it returns. */
  @Route(contract.office.simulate)
  async simulate(
    @Body() input: BodyOf<typeof contract.office.simulate>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<AnswerOf<typeof contract.office.simulate>> {
    const viewer = dashboardViewer(req);
    const office = await this.officeOf(viewer, input.officeId);
    const period = periodOf(input.from, input.to);
    await this.limiter.enforce(SIMULATIONS, viewer.userId);
    const { account } = await loadAccount(this.store, office);
    const names = new Map(account.exists ? [[office, `${account.firstName} ${account.lastName}`.trim()]] : []);
    if (!String(req.headers.accept ?? '').includes('application/x-ndjson')) {
      const result = await simulateRouting(this.store, office, period, input.rules, names);
      res.json(result);
      return result;
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
      log.error('a routing simulation failed', { officeId: office, message: (err as Error).message });
      line({ message: err instanceof AppError ? err.message : 'The simulation could not be run' });
    }
    res.end();
    // Written already, as lines; the value is never sent.
    return undefined as never;
  }

  @Route(contract.office.applyRules)
  async apply(@Body() input: BodyOf<typeof contract.office.applyRules>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const office = await this.officeOf(viewer, input.officeId);
    await this.limiter.enforce(APPLIES, viewer.userId);
    const by = { role: viewer.role, userId: viewer.userId };
    const result = await this.commands.execute(
      new OfficeCommand(officeStream(office), { kind: 'apply-routing-rules', officeId: office, rules: input.rules, by }, commandContextOf(req)),
    );
    return { officeId: office, rules: result.state.rules };
  }

  private async officeOf(viewer: Viewer, asked: string | undefined): Promise<string> {
    if (viewer.role === 'agent') throw forbidden(ROUTING_RULES_MESSAGES.brokersOnly);
    return officeOfViewer(this.store, viewer, asked);
  }
}
