import { Body, type CanActivate, Controller, type ExecutionContext, Inject, Injectable, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { splitTags } from '../../../contract/lead-import';
import { nameWords, validateInquiry } from '../../../contract/validate-inquiry';
import { notFound, validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { parseEmail } from '../../accounts';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { composeInquiryMessage } from '../inquiry-message';
import { AddLeadCommand } from './add-lead.handler';
import { resolveLeadTarget, usableSites } from './lead-target';
import { sitesByIds } from '../../../../projections/sites';
import { foldListing, listingStream } from '../../listings';

/** A lead added about a listing (`pdid`) names one we have. */
export const ADD_LEAD_NO_LISTING = 'Listing not found';

/** An agent adds the leads of a day's calls and open houses; more than this an hour is an import's work. */
export const ADD_LEAD_LIMIT: RateLimit = {
  name: 'add-lead',
  limit: 300,
  windowSeconds: 3600,
  message: 'Too many leads added by hand in an hour. Please try again later, or import them from a CSV file.',
};

/** Counted before the body is read, as before any check of it. */
@Injectable()
export class AddLeadLimitGuard implements CanActivate {
  constructor(@Inject(RateLimiter) private readonly limiter: RateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limiter.enforce(ADD_LEAD_LIMIT, dashboardViewer(context.switchToHttp().getRequest<Request>()).userId);
    return true;
  }
}

@Controller()
export class AddLeadController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  /**
   * Contract section 5a: a lead added by hand, checked by the inquiry's rules and messages (the
   * site's partial-name setting included); 201 {leadId}; 409 'Email already in use' when the
   * address is a lead of the caller's office already.
   */
  @Route(contract.leads.add)
  @UseGuards(AddLeadLimitGuard)
  async add(@Body() input: BodyOf<typeof contract.leads.add>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const target = await resolveLeadTarget(this.store, this.pool, viewer, { siteId: input.siteId, agentId: input.agentId });
    const problem = validateInquiry(input, { allowPartialName: target.allowPartialName });
    if (problem) throw validation(problem);
    // Any listing we have, shown publicly or not (an agent's own office-exclusive listing too).
    if (input.pdid && !foldListing(await this.store.readStream(listingStream(input.pdid))).listed) throw notFound(ADD_LEAD_NO_LISTING);
    const tags = splitTags(Array.isArray(input.Tags) ? input.Tags.join(',') : (input.Tags ?? ''));
    return this.commands.execute<AddLeadCommand, { leadId: string }>(
      new AddLeadCommand(
        {
          fullName: nameWords(input.FullName!).join(' '),
          email: parseEmail(input.Email!)!,
          phone: input.Phone!.trim(),
          leadType: input.LeadType?.trim() || 'Inquiry',
          message: composeInquiryMessage(input),
          listingPdid: input.pdid ?? null,
          tags,
        },
        target,
        viewer.userId,
        commandContextOf(req),
      ),
    );
  }

  /**
   * The sites the caller may add (or import) leads to, the default first, with the one setting
   * their forms check before sending: `{sites:[{siteId, subdomain, name, kind, allowPartialName}]}`.
   */
  @Route(contract.leads.sites)
  async sites(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const { usable } = await usableSites(this.store, this.pool, viewer);
    const views = new Map(
      (
        await sitesByIds(
          this.pool,
          usable.map((s) => s.siteId),
        )
      ).map((v) => [v.siteId, v]),
    );
    return {
      sites: usable.flatMap((s) => {
        const v = views.get(s.siteId);
        return v ? [{ siteId: s.siteId, subdomain: v.subdomain, name: v.name, kind: s.kind, allowPartialName: v.settings.Registration_AllowPartialName }] : [];
      }),
    };
  }
}
