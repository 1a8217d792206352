import { Body, Controller, Inject, Optional, Req } from '@nestjs/common';
import type { Request } from 'express';
import { handleCommand } from '../../../commands/handle-command';
import { commandContextOf } from '../../../commands/request-context';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { LEAD_FLOW_MESSAGES } from '../../../contract/routes/lead-flow';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { forbidden, validation } from '../../../shared/errors';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { SecretKey } from '../../accounts';
import { ASSIGN_TO_POND, ASSIGN_TO_ROUND_ROBIN, ASSIGN_TO_ROUTING_RULES, type LeadFlowTarget, leadFlowStream } from './lead-flow.events';
import { leadFlowDecider } from './lead-flow.decide';
import { LeadFlowFormSources } from './form-sources.port';
import { LeadFlowViews } from './lead-flow-view';
import { issueIntakeToken, loadLeadFlow } from './intake-tokens';

const KEYWORDS: readonly string[] = [ASSIGN_TO_POND, ASSIGN_TO_ROUND_ROBIN, ASSIGN_TO_ROUTING_RULES];

/** The broker of the office (the lead flow is the office's; agents and staff are refused). */
export function officeBroker(req: Request): string {
  const viewer = dashboardViewer(req);
  if (viewer.role !== 'broker') throw forbidden(LEAD_FLOW_MESSAGES.brokersOnly);
  return viewer.userId;
}

@Controller()
export class LeadFlowController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(LeadFlowViews) private readonly views: LeadFlowViews,
    @Optional() @Inject(LeadFlowFormSources) private readonly forms: LeadFlowFormSources | null,
  ) {}

  /** Every office has its intake address and URL (contract section 12): the broker's first look makes them, once; later looks write nothing. */
  @Route(contract.leadFlow.get)
  async get(@Req() req: Request) {
    const officeId = officeBroker(req);
    await this.views.ensureTokens(officeId, commandContextOf(req));
    return this.views.of(officeId);
  }

  /** Every rule names an agent of the office (or its broker) or a keyword, and a plan of the office or none. */
  @Route(contract.leadFlow.put)
  async put(@Body() input: BodyOf<typeof contract.leadFlow.put>, @Req() req: Request) {
    const officeId = officeBroker(req);
    const ctx = commandContextOf(req);
    const { agents, plans } = await this.views.choices(officeId);
    const check = (t: LeadFlowTarget) => {
      if (!KEYWORDS.includes(t.assignTo) && !agents.has(t.assignTo)) throw validation(LEAD_FLOW_MESSAGES.notInOffice);
      if (t.actionPlanId && !plans.has(t.actionPlanId)) throw validation(LEAD_FLOW_MESSAGES.plan);
    };
    input.rules.forEach(check);
    const defaultRule = input.defaultRule ?? (await loadLeadFlow(this.store, officeId)).flow.defaultRule;
    check(defaultRule);
    await handleCommand(
      this.store,
      leadFlowStream(officeId),
      leadFlowDecider,
      { kind: 'rules', officeId, rules: input.rules, defaultRule, byUserId: officeId },
      ctx,
    );
    await this.views.ensureTokens(officeId, ctx);
    return this.views.of(officeId);
  }

  /** The channel's first token, or a new one: the URL or address before it answers 404 / is kept no more from now on. */
  @Route(contract.leadFlow.newToken)
  async newToken(@Body() input: BodyOf<typeof contract.leadFlow.newToken>, @Req() req: Request) {
    const officeId = officeBroker(req);
    const ctx = commandContextOf(req);
    await issueIntakeToken(this.store, await this.secret.get(), officeId, input.channel, officeId, ctx);
    return this.views.of(officeId);
  }

  @Route(contract.leadFlow.refreshForms)
  async refreshForms(@Req() req: Request) {
    const officeId = officeBroker(req);
    await this.forms?.refresh(officeId, commandContextOf(req));
    return this.views.of(officeId);
  }

  @Route(contract.leadFlow.googleKey)
  async googleKey(@Body() input: BodyOf<typeof contract.leadFlow.googleKey>, @Req() req: Request): Promise<undefined> {
    const officeId = officeBroker(req);
    const googleKey = input.googleKey || null;
    await handleCommand(
      this.store,
      leadFlowStream(officeId),
      leadFlowDecider,
      { kind: 'google-key', officeId, googleKey, byUserId: officeId },
      commandContextOf(req),
    );
    return undefined;
  }
}
