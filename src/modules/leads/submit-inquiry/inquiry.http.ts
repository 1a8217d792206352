import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type pg from 'pg';
import { agentPageByKey } from '../../../../projections/agent-pages';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import { CommandBus } from '@nestjs/cqrs';
import type { Config } from '../../../config/config';
import { parseBody } from '../../../http/parse-body';
import type { RateLimit } from '../../../http/rate-limiter';
import { validation } from '../../../shared/errors';
import { AddressLimiter, cookiesOf, LEVEL, parseEmail, SignInService } from '../../accounts';
import { commandContextOf } from '../../../commands/request-context';
import { requireSite } from '../../sites';
import { DOCUMENT_EXTS, UploadStore } from '../../uploads';
import { decodeFirstTouch, FIRST_TOUCH_COOKIE, touchOf } from '../capture-first-touch/first-touch';
import { composeInquiryMessage } from '../inquiry-message';
import type { FirstTouch } from '../leads.events';
import { nameWords, validateInquiry, validateInquiryDetails } from '../../../contract/validate-inquiry';
import { type InquiryResult, SubmitInquiryCommand } from './submit-inquiry.handler';

const text = (max: number) => z.string().max(max, { error: `at most ${max} characters` }).optional();
const numberish = z.union([z.string().max(50), z.number()]).optional().transform((v) => (v === undefined ? undefined : String(v)));

/** The payload of the product description (section 3), plus the listing's pdid and the terms box (also the body of a lead added by hand). */
export const InquiryBody = z.strictObject({
  AcceptTerms: z.boolean().optional(),
  FullName: text(200),
  Email: text(320),
  Phone: text(40),
  Message: text(5000),
  LeadType: text(50),
  ResumeUrl: text(200),
  Street: text(200),
  City: text(100),
  State: text(50),
  Zip: text(20),
  BuyerLocation: text(200),
  BuyerMinPrice: numberish,
  BuyerMaxPrice: numberish,
  BuyerBeds: numberish,
  BuyerPropertyTypes: z.union([z.string().max(300), z.array(z.string().max(50)).max(20)]).optional().transform((v) => (Array.isArray(v) ? v.join(', ') : v)),
  PropertyAddress: text(300),
  PropertyStyle: text(100),
  PropertySqFt: numberish,
  PropertyAge: numberish,
  PropertyBeds: numberish,
  PropertyBaths: numberish,
  PropertyFeatures: text(1000),
  SellerReason: text(1000),
  SellerTimeframe: text(100),
  ReferralFullName: text(200),
  ReferralEmail: text(320),
  ReferralPhone: text(40),
  pdid: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, { error: 'pdid is not a listing id' }).optional(),
  /** Sent from an agent's public page (/agents/{name}-{key}): the page's key; the lead goes to that agent. */
  AgentKey: z.string().regex(/^[0-9a-f]{12}$/, { error: 'AgentKey is not an agent page key' }).optional(),
});

/** The message when an agent page's key names nobody who works on this site. */
export const NO_SUCH_AGENT = 'This agent does not work on this site';

/**
 * Inquiries from one client address, signed up or not: every sign-up is one, so this also
 * bounds the accounts one address can create. A visitor sends a handful; a script, hundreds.
 */
export const INQUIRY_LIMIT: RateLimit = {
  name: 'inquiry',
  limit: 30,
  windowSeconds: 3600,
  message: 'Too many inquiries and sign-ups from your address. Please try again in an hour.',
};

@Controller('api/account')
export class InquiryController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SignInService) private readonly signIns: SignInService,
    @Inject(UploadStore) private readonly uploads: UploadStore,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(AddressLimiter) private readonly limiter: AddressLimiter,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  /** The person of an agent page's key, when they work on this site (its owner, or an agent of the owner's office). */
  private async requestedAgent(key: string | undefined, site: { ownerUserId: string; kind: string }): Promise<string | undefined> {
    if (!key) return undefined;
    const agent = await agentPageByKey(this.pool, key);
    const works = agent && (agent.userId === site.ownerUserId || (site.kind !== 'agent' && agent.brokerId === site.ownerUserId));
    if (!works) throw validation(NO_SUCH_AGENT);
    return agent.userId;
  }

  /**
   * Contract section 2. A new address becomes a level-5 lead of this site, signed in at once;
   * an address that belongs to someone not signed in as it is 409 'Email already in use'.
   * Everything a submission writes is one atomic append.
   */
  @Post('inquiry')
  @HttpCode(200)
  async inquiry(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.limiter.enforce(INQUIRY_LIMIT, req);
    const input = parseBody(InquiryBody, body);
    const site = requireSite(req);
    const problem = validateInquiry(input, { allowPartialName: site.settings.Registration_AllowPartialName });
    if (problem) throw validation(problem);
    const detail = validateInquiryDetails(input);
    if (detail) throw validation(detail.text);
    const email = parseEmail(input.Email!)!;
    let resumeUrl: string | null = null;
    if (input.ResumeUrl?.trim()) {
      resumeUrl = await this.uploads.ownUpload(input.ResumeUrl.trim(), DOCUMENT_EXTS);
      if (!resumeUrl) throw validation('Failed to upload resume: please upload it again');
    }
    const requestedAgentId = await this.requestedAgent(input.AgentKey, site);
    const fullName = nameWords(input.FullName!).join(' ');
    const firstTouch: FirstTouch = decodeFirstTouch(cookiesOf(req)[FIRST_TOUCH_COOKIE]) ?? touchOf(req, this.config.trustProxy, new Date());
    const result = await this.commands.execute<SubmitInquiryCommand, InquiryResult>(
      new SubmitInquiryCommand(
        {
          siteId: site.siteId,
          listingPdid: input.pdid ?? null,
          leadType: input.LeadType?.trim() || 'Inquiry',
          fullName,
          email,
          phone: input.Phone!.trim(),
          message: composeInquiryMessage({ ...input, ResumeUrl: resumeUrl ?? undefined }),
          resumeUrl,
          firstTouch,
          ...(requestedAgentId ? { requestedAgentId } : {}),
        },
        site,
        req.auth?.userId ?? null,
        commandContextOf(req),
      ),
    );
    if (result.newUser) await this.signIns.openSession(req, res, { userId: result.userId, securityLevel: LEVEL.lead, brokerId: null });
    return { isSuccess: true, leadId: result.leadId };
  }
}
