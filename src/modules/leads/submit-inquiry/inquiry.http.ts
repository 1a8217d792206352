import { Body, type CanActivate, Controller, type ExecutionContext, Inject, Injectable, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { agentPageByKey } from '../../../../projections/agent-pages';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import { CommandBus } from '@nestjs/cqrs';
import type { Config } from '../../../config/config';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
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

/** Counted before the body is read: a flood of malformed inquiries spends the address's allowance too. */
@Injectable()
export class InquiryLimitGuard implements CanActivate {
  constructor(@Inject(AddressLimiter) private readonly limiter: AddressLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limiter.enforce(INQUIRY_LIMIT, context.switchToHttp().getRequest<Request>());
    return true;
  }
}

@Controller()
export class InquiryController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SignInService) private readonly signIns: SignInService,
    @Inject(UploadStore) private readonly uploads: UploadStore,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  /** The person of an agent page's key, when they work on this site (its owner, or an agent of the owner's office). */
  private async requestedAgent(key: string | undefined, site: { ownerUserId: string; kind: string }): Promise<string | undefined> {
    if (!key) return undefined;
    const agent = await agentPageByKey(this.pool, key);
    const works = agent && (agent.userId === site.ownerUserId || (site.kind !== 'agent' && agent.officeId === site.ownerUserId));
    if (!works) throw validation(NO_SUCH_AGENT);
    return agent.userId;
  }

  /**
   * Contract section 2. A new address becomes a level-5 lead of this site, signed in at once;
   * an address that belongs to someone not signed in as it is 409 'Email already in use'.
   * Everything a submission writes is one atomic append.
   */
  @Route(contract.leads.inquiry)
  @UseGuards(InquiryLimitGuard)
  async inquiry(@Body() input: BodyOf<typeof contract.leads.inquiry>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
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
    if (result.newUser) await this.signIns.openSession(req, res, { userId: result.userId, securityLevel: LEVEL.lead, officeId: null });
    return { isSuccess: true as const, leadId: result.leadId };
  }
}
