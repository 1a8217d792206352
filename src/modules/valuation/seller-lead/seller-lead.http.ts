import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { commandContextOf } from '../../../commands/request-context';
import { handleCommand } from '../../../commands/handle-command';
import type { Config } from '../../../config/config';
import type { BodyOf, ResponseOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { nameWords, validateInquiry, validateInquiryDetails } from '../../../contract/validate-inquiry';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import type { RateLimit } from '../../../http/rate-limiter';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import { validation } from '../../../shared/errors';
import { AddressLimiter, cookiesOf, LEVEL, parseEmail, SignInService, userIdByEmail } from '../../accounts';
import {
  composeInquiryMessage,
  decodeFirstTouch,
  FIRST_TOUCH_COOKIE,
  type InquiryResult,
  leadAccountOn,
  leadIdFor,
  SubmitInquiryCommand,
  touchOf,
} from '../../leads';
import { requireSite } from '../../sites';
import { weighedValue } from '../value-home';
import { sellerHomeStream, type ValuationEvent } from '../valuation.events';
import { evolveSellerHome, homeDigestDecider, initialSellerHome, isRepeat, sellerHomeDecider } from './seller-home';
import { valuationRecord } from './valuation-record';

type Body = BodyOf<typeof contract.valuation.sellerLead>;

/** As many as a person sends; the valuation under it is the costly part. */
const SELLER_LEADS: RateLimit = {
  name: 'seller-lead',
  limit: 20,
  windowSeconds: 3600,
  message: 'Too many requests from your address. Please try again in an hour.',
};

/**
 * The /sell form: an inquiry of type Seller, so the lead is routed, told to its
 * agent and put on plans as every inquiry, and beside it the home's valuation on the lead's seller
 * stream, which the timeline reads as "Home value requested". The home is valued again here from
 * what the visitor gave: the figures on the lead are the server's, never the browser's.
 */
@Controller()
export class SellerLeadController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SignInService) private readonly signIns: SignInService,
    @Inject(AddressLimiter) private readonly limiter: AddressLimiter,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(contract.valuation.sellerLead)
  async sellerLead(
    @Body() input: Body,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ResponseOf<typeof contract.valuation.sellerLead>> {
    await this.limiter.enforce(SELLER_LEADS, req);
    const site = requireSite(req);
    const problem = validateInquiry(input, { allowPartialName: site.settings.Registration_AllowPartialName });
    if (problem) throw validation(problem);
    const detail = validateInquiryDetails(input);
    if (detail) throw validation(detail.text);
    const email = parseEmail(input.Email!)!;
    const now = new Date();
    const { answer, weights } = await weighedValue(this.pool, input.Home.value, now.toISOString().slice(0, 10));
    const ctx = commandContextOf(req);
    const signedIn = req.auth?.userId ?? null;

    // The same home sent again by its owner: the lead and its valuation are already recorded.
    const owner = await userIdByEmail(this.store, email);
    if (owner && owner === signedIn) {
      const leadId = leadIdFor(await leadAccountOn(this.store, owner, site.siteId), site.siteId);
      const stored = (await this.store.readStream(sellerHomeStream(leadId))) as unknown as ValuationEvent[];
      const home = stored.reduce(evolveSellerHome, initialSellerHome());
      if (isRepeat(home, valuationRecord(leadId, owner, site.siteId, input.Home, answer, weights)))
        return { isSuccess: true, leadId, estimate: answer.estimate };
    }

    const firstTouch = decodeFirstTouch(cookiesOf(req)[FIRST_TOUCH_COOKIE]) ?? touchOf(req, this.config.trustProxy, now);
    const result = await this.commands.execute<SubmitInquiryCommand, InquiryResult>(
      new SubmitInquiryCommand(
        {
          siteId: site.siteId,
          listingPdid: null,
          leadType: 'Seller',
          fullName: nameWords(input.FullName!).join(' '),
          email,
          phone: input.Phone!.trim(),
          message: composeInquiryMessage({ ...input, PropertyAddress: input.PropertyAddress ?? input.Home.address }),
          resumeUrl: null,
          firstTouch,
        },
        site,
        signedIn,
        ctx,
      ),
    );
    const record = valuationRecord(result.leadId, result.userId, site.siteId, input.Home, answer, weights);
    const leadCtx = { ...ctx, actorId: ctx.actorId ?? result.userId };
    await handleCommand(this.store, sellerHomeStream(result.leadId), sellerHomeDecider, record, leadCtx);
    if (input.Home.digest) {
      const digest = { leadId: result.leadId, siteId: site.siteId, on: true, byUserId: result.userId };
      await handleCommand(this.store, sellerHomeStream(result.leadId), homeDigestDecider, digest, leadCtx);
    }
    if (result.newUser) await this.signIns.openSession(req, res, { userId: result.userId, securityLevel: LEVEL.lead, officeId: null });
    return { isSuccess: true, leadId: result.leadId, estimate: answer.estimate };
  }
}
