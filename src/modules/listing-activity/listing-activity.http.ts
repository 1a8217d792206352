import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { listingActivity } from '../../../projections/listing-activity';
import { listingAgentsIn } from '../../../projections/lead-routing';
import { agentListings } from '../../../projections/search';
import type { BodyOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';
import { DB_POOL } from '../../runtime/tokens';
import { notFound } from '../../shared/errors';
import { dashboardViewer } from '../../shared/viewer/viewer';
import { SecretKey } from '../accounts';
import { ReportMails } from './seller-mail/report-mails';
import { checkSellerLink, SELLER_LINK_DAYS, sellerReportPath, signSellerLink } from './seller-link';

export const NO_SUCH_LISTING = 'No such listing among yours';
export const REPORT_LINK_UNKNOWN = 'This listing report link is not valid: ask your agent for a new one';
export const REPORT_LINK_EXPIRED = 'This listing report link has expired: ask your agent for a new one';

/**
 * A listing's weekly traffic for its agent, their broker and staff (the listings "My listings"
 * shows them: linked to the agent, or naming their MLS id as ListAgentMlsId; anyone else gets
 * 404, so a listing's existence is not told), and for its seller by a signed link.
 */
@Controller()
export class ListingActivityController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(ReportMails) private readonly mails: ReportMails,
  ) {}

  @Route(contract.listingActivity.activity)
  async activity(@Param('pdid') pdid: string, @Req() req: Request) {
    return this.report(await this.listingInScope(pdid, req));
  }

  @Route(contract.listingActivity.sellerLink)
  async sellerLink(@Param('pdid') pdid: string, @Req() req: Request) {
    await this.listingInScope(pdid, req);
    const expiresAt = new Date(Date.now() + SELLER_LINK_DAYS * 86_400_000);
    return { path: sellerReportPath(signSellerLink(await this.secret.get(), { pdid, expiresAt })), expiresAt: expiresAt.toISOString() };
  }

  /** 409: the address bounced or complained; 429: the agent's hourly limit. */
  @Route(contract.listingActivity.sellerMail)
  async sellerMail(@Param('pdid') pdid: string, @Body() body: BodyOf<typeof contract.listingActivity.sellerMail>, @Req() req: Request) {
    await this.listingInScope(pdid, req);
    return this.mails.send(req, pdid, body, dashboardViewer(req).userId);
  }

  @Route(contract.listingActivity.sellerMails)
  async sellerMails(@Param('pdid') pdid: string, @Req() req: Request) {
    await this.listingInScope(pdid, req);
    return this.mails.list(pdid);
  }

  @Route(contract.listingActivity.forgetSeller)
  async forgetSeller(@Param('pdid') pdid: string, @Param('sendId') sendId: string, @Req() req: Request) {
    await this.listingInScope(pdid, req);
    return this.mails.forget(req, pdid, sendId, dashboardViewer(req).userId);
  }

  @Route(contract.listingActivity.sellerReport)
  async sellerReport(@Param('token') token: string) {
    const checked = checkSellerLink(await this.secret.get(), token, new Date());
    if (!checked.ok) throw notFound(checked.reason === 'expired' ? REPORT_LINK_EXPIRED : REPORT_LINK_UNKNOWN);
    const found = await agentListings(this.pool, { pdids: [checked.link.pdid], listAgentMlsIds: [] }, { offset: 0, limit: 1 });
    const listing = found.listings[0];
    if (!listing) throw notFound(REPORT_LINK_UNKNOWN);
    return this.report(listing);
  }

  private async listingInScope(pdid: string, req: Request) {
    const viewer = dashboardViewer(req);
    const [{ linked, mlsIds }, found] = await Promise.all([
      listingAgentsIn(this.pool, viewer),
      agentListings(this.pool, { pdids: [pdid], listAgentMlsIds: [] }, { offset: 0, limit: 1 }),
    ]);
    const listing = found.listings[0];
    const mine = listing !== undefined && (linked.has(pdid) || (listing.listAgentMlsId !== null && mlsIds.has(listing.listAgentMlsId)));
    if (!mine) throw notFound(NO_SUCH_LISTING);
    return listing;
  }

  private async report(listing: { readonly pdid: string; readonly address: string | null }) {
    const weeks = await listingActivity(this.pool, listing.pdid);
    return {
      pdid: listing.pdid,
      address: listing.address,
      weeks: weeks.map((w) => ({
        week: w.week,
        views: w.DetailedView,
        uniqueVisitors: w.uniqueVisitors,
        favorites: w.Favorited,
        shares: w.Share,
        showingRequests: w.showingRequests,
        inquiries: w.SubmissionOfLeadForm,
      })),
    };
  }
}
