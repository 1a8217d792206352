import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { soldListingsAround, type SoldListingRow } from '../../../../projections/search';
import { commandContextOf } from '../../../commands/request-context';
import { handleCommand } from '../../../commands/handle-command';
import type { BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { DB_POOL } from '../../../runtime/tokens';
import { notFound, validation } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { loadAccount } from '../../accounts';
import { leadInScope } from '../../leads';
import { milesBetween } from '../sold-home';
import { cmaStream, type CmaComp, sellerHomeStream } from '../valuation.events';
import { homeDigestDecider } from '../seller-lead/seller-home';
import { cmaDecider } from './cma';
import { addedWeight, applyEdits, cmaEstimate } from './cma-estimate';
import { CMA_LINK_DAYS } from './cma-link';
import { cmaAnswer, currentComps, loadCma } from './load-cma';

/** Sales within about three miles of the home: where an agent looks for another comp. */
const SEARCH_DEGREES = 0.045;
const FOUND = 10;
export const NO_COMPS_KEPT = 'Keep at least one comp: the estimate rests on them';
export const HOME_ERASED = 'The home of this lead is no longer known';

/**
 * The agent's CMA of a seller lead's home on the lead page: the valuation's
 * comps, each kept or dropped and adjusted with a note, sales near the home added, the estimate
 * recomputed as the valuation computes it; each save a version on `cma-{leadId}`; the latest sent
 * to the lead as a signed link. Agent: own leads; broker: office; staff: all; others 404.
 */
@Controller()
export class CmaController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(contract.valuation.cma)
  async cma(@Param('leadId') leadId: string, @Req() req: Request) {
    const { lead } = await leadInScope(this.store, req, leadId);
    return cmaAnswer(await loadCma(this.store, lead.leadId));
  }

  @Route(contract.valuation.saveCma)
  async save(@Param('leadId') leadId: string, @Body() input: BodyOf<typeof contract.valuation.saveCma>, @Req() req: Request) {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    const loaded = await loadCma(this.store, lead.leadId);
    const base = currentComps(loaded);
    const known = new Set(base.map((c) => c.pdid));
    const wanted = input.comps.filter((e) => !known.has(e.pdid)).map((e) => e.pdid);
    const added = await this.addedSales(loaded.home.latitude, loaded.home.longitude, wanted, addedWeight(base));
    const comps = applyEdits(base, input.comps, added);
    const estimate = cmaEstimate(comps);
    if (estimate === null) throw validation(NO_COMPS_KEPT);
    await handleCommand(
      this.store,
      cmaStream(lead.leadId),
      cmaDecider,
      { kind: 'save', expectedVersion: input.version, leadId: lead.leadId, siteId: lead.siteId, byUserId: viewer.userId, comps, estimate },
      commandContextOf(req),
    );
    return cmaAnswer(await loadCma(this.store, lead.leadId));
  }

  @Route(contract.valuation.findCmaSale)
  async find(@Param('leadId') leadId: string, @Query() { q }: QueryOf<typeof contract.valuation.findCmaSale>, @Req() req: Request) {
    const { lead } = await leadInScope(this.store, req, leadId);
    const { home } = await loadCma(this.store, lead.leadId);
    if (home.latitude === null || home.longitude === null) throw notFound(HOME_ERASED);
    const needle = q.toLowerCase();
    const rows = await soldListingsAround(this.pool, home.latitude, home.longitude, SEARCH_DEGREES, new Date().toISOString().slice(0, 10));
    const sales = rows
      .filter((r) => r.pdid.toLowerCase().includes(needle) || (r.address ?? '').toLowerCase().includes(needle))
      .map((r) => foundSale(r, home.latitude!, home.longitude!))
      .sort((a, b) => a.distanceMiles - b.distanceMiles)
      .slice(0, FOUND);
    return { sales };
  }

  @Route(contract.valuation.sendCma)
  async send(@Param('leadId') leadId: string, @Body() input: BodyOf<typeof contract.valuation.sendCma>, @Req() req: Request) {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    const loaded = await loadCma(this.store, lead.leadId);
    const { account } = await loadAccount(this.store, lead.userId);
    const ctx = commandContextOf(req);
    const sendId = input.sendId ?? newId();
    await handleCommand(
      this.store,
      cmaStream(lead.leadId),
      cmaDecider,
      {
        kind: 'send',
        emailAllowed: account.exists && account.consent.email,
        leadId: lead.leadId,
        siteId: lead.siteId,
        sendId,
        version: loaded.cma.latest?.version ?? 0,
        byUserId: viewer.userId,
        expiresAt: new Date(ctx.now.getTime() + CMA_LINK_DAYS * 86_400_000).toISOString(),
      },
      ctx,
    );
    return { sendId };
  }

  @Route(contract.valuation.homeDigest)
  async homeDigest(@Param('leadId') leadId: string, @Body() input: BodyOf<typeof contract.valuation.homeDigest>, @Req() req: Request) {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    await handleCommand(
      this.store,
      sellerHomeStream(lead.leadId),
      homeDigestDecider,
      { leadId: lead.leadId, siteId: lead.siteId, on: input.on, byUserId: viewer.userId },
      commandContextOf(req),
    );
    return { on: input.on };
  }

  /** The sales near the home the agent asked to add (by pdid); one not found there is 400. */
  private async addedSales(lat: number | null, lng: number | null, pdids: readonly string[], weight: number): Promise<CmaComp[]> {
    if (pdids.length === 0) return [];
    if (lat === null || lng === null) throw notFound(HOME_ERASED);
    const rows = await soldListingsAround(this.pool, lat, lng, SEARCH_DEGREES, new Date().toISOString().slice(0, 10));
    return pdids.map((pdid) => {
      const row = rows.find((r) => r.pdid === pdid);
      if (!row) throw validation(`Not a sale near this home: ${pdid}`);
      const sale = foundSale(row, lat, lng);
      return { ...sale, adjustedPrice: sale.closePrice, weight, included: true, adjustment: 0, note: '', added: true };
    });
  }
}

function foundSale(r: SoldListingRow, lat: number, lng: number) {
  return {
    pdid: r.pdid,
    address: r.address,
    closePrice: r.close_price,
    closeDate: r.close_date,
    distanceMiles: Math.round(milesBetween(lat, lng, r.lat, r.lng) * 100) / 100,
    beds: r.beds,
    baths: r.baths,
    livingArea: r.sqft,
  };
}
