import { Inject, Injectable, Optional } from '@nestjs/common';
import type pg from 'pg';
import { plansOwnedBy } from '../../../../projections/action-plans';
import { leadSources } from '../../../../projections/lead-feed';
import { rosterFor } from '../../../../projections/lead-routing';
import type { CommandContext } from '../../../commands/command-context';
import type { Config } from '../../../config/config';
import type { ResponseOf } from '../../../contract/route';
import type { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import { SecretKey } from '../../accounts';
import { LeadFlowFormSources } from './form-sources.port';
import { intakeToken, issueIntakeToken, loadLeadFlow } from './intake-tokens';
import type { IntakeChannel } from './lead-flow.events';

/** The portals and ad networks an office can take leads from before any of their leads came in. */
export const KNOWN_SOURCES = ['Zillow', 'Trulia', 'Realtor.com', 'Homes.com', 'Google Ads', 'Facebook'] as const;

export type LeadFlowView = ResponseOf<typeof contract.leadFlow.get>;

/** The lead-flow screen's answer: the office's rules, its intake URL and address (null until their first token is made), sources (each Facebook form of its pages too) and plans. */
@Injectable()
export class LeadFlowViews {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(CONFIG) private readonly config: Config,
    @Optional() @Inject(LeadFlowFormSources) private readonly forms: LeadFlowFormSources | null,
  ) {}

  /** A read, and only a read: an office with no intake token yet sees null where the address or URL would be. */
  async of(officeId: string): Promise<LeadFlowView> {
    const [secret, { flow }, seen, plans, forms] = await Promise.all([
      this.secret.get(),
      loadLeadFlow(this.store, officeId),
      leadSources(this.pool, { userId: officeId, role: 'broker' }),
      plansOwnedBy(this.pool, [officeId]),
      this.forms?.of(officeId) ?? [],
    ]);
    const sources = new Map<string, string>();
    for (const s of [...KNOWN_SOURCES, ...forms, ...seen, ...flow.rules.map((r) => r.source)])
      if (!sources.has(s.toLowerCase())) sources.set(s.toLowerCase(), s);
    const token = (channel: IntakeChannel) => (flow.generations[channel] > 0 ? intakeToken(secret, officeId, channel, flow.generations[channel]) : null);
    const emailToken = token('email');
    const urlToken = token('url');
    return {
      intakeEmail: emailToken && `${emailToken}@${this.config.inboundEmail.domain}`,
      intakeUrl: urlToken && `${this.config.publicUrl}/api/inbound/leads/${urlToken}`,
      rules: flow.rules.map((r) => ({ source: r.source, assignTo: r.assignTo, actionPlanId: r.actionPlanId })),
      defaultRule: flow.defaultRule,
      sources: [...sources.values()],
      plans: plans.map((p) => ({ planId: p.planId, name: p.name })),
      googleKeySet: flow.googleKey !== null,
    };
  }

  /** The office's first intake address and URL, on its first save of the rules (a second caller at the same moment makes none). */
  async ensureTokens(officeId: string, ctx: CommandContext): Promise<void> {
    const secret = await this.secret.get();
    for (const channel of ['email', 'url'] as const) await issueIntakeToken(this.store, secret, officeId, channel, officeId, ctx, true);
  }

  /** The office's agents (and its broker) a rule may name, and its plans a rule may start. */
  async choices(officeId: string): Promise<{ agents: Set<string>; plans: Set<string> }> {
    const [roster, plans] = await Promise.all([rosterFor(this.pool, officeId), plansOwnedBy(this.pool, [officeId])]);
    const agents = roster.filter((r) => r.userId === officeId || r.officeId === officeId).map((r) => r.userId);
    return { agents: new Set(agents), plans: new Set(plans.map((p) => p.planId)) };
  }
}
