import { Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { listShowings, type ShowingScope } from '../../../projections/showings';
import type { UncoveredBuyer } from '../../contract/agreements';
import { contract } from '../../contract/routes';
import { EventStore } from '../../eventstore/event-store.port';
import { Route } from '../../http/contract/route.decorator';
import { DB_POOL } from '../../runtime/tokens';
import { dashboardViewer, type Viewer } from '../../shared/viewer/viewer';
import { loadAccount } from '../accounts';
import { inForceOn, loadAgreements } from './buyer-agreements';
import { dayIn } from './showing-cover';

/** How far ahead showings count: a buyer touring within this needs an agreement now. */
const AHEAD_MS = 180 * 86_400_000;

const scopeOf = (v: Viewer): ShowingScope =>
  v.role === 'staff' ? { kind: 'all' } : v.role === 'broker' ? { kind: 'office', officeId: v.userId } : { kind: 'agent', userId: v.userId };

/**
 * The broker's list of buyers touring without cover: each lead with a showing ahead (requested or
 * confirmed) that no agreement in force covers on that showing's day, with its agent and that
 * next uncovered showing. Agreements are read from their streams, so a signature shows at once.
 */
@Controller()
export class UncoveredBuyersController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(contract.agreements.uncovered)
  async uncovered(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const now = new Date();
    const showings = (await listShowings(this.pool, scopeOf(viewer), { from: now, to: new Date(now.getTime() + AHEAD_MS) })).filter(
      (s) => s.status === 'requested' || s.status === 'confirmed',
    );
    const byLead = new Map<string, (typeof showings)[number][]>();
    for (const s of showings) byLead.set(s.leadId, [...(byLead.get(s.leadId) ?? []), s]);
    const names = new Map<string, string | null>();
    const agentName = async (id: string | null) => {
      if (!id) return null;
      if (!names.has(id)) {
        const { account } = await loadAccount(this.store, id);
        names.set(id, account.exists ? `${account.firstName} ${account.lastName}`.trim() : null);
      }
      return names.get(id)!;
    };
    const buyers: UncoveredBuyer[] = [];
    for (const [leadId, own] of byLead) {
      const { agreements } = await loadAgreements(this.store, leadId);
      const next = own.find((s) => !agreements.some((a) => inForceOn(a, dayIn(s.start, s.timeZone))));
      if (!next) continue;
      buyers.push({
        leadId,
        leadName: next.leadName ?? '',
        agentId: next.agentId,
        agentName: await agentName(next.agentId),
        nextShowing: { showingId: next.showingId, start: next.start, address: next.address, timeZone: next.timeZone },
      });
    }
    return { buyers };
  }
}
