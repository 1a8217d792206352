import { Body, Controller, Inject, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { SigningView } from '../../contract/agreements';
import type { BodyOf, QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { EventStore } from '../../eventstore/event-store.port';
import type { RateLimit } from '../../http/rate-limiter';
import { Route } from '../../http/contract/route.decorator';
import { commandContextOf } from '../../commands/request-context';
import { forbidden } from '../../shared/errors';
import { AddressLimiter, SecretKey } from '../accounts';
import { loadLead } from '../leads';
import { SiteResolver } from '../sites';
import { termsInWords } from './agreement-mail';
import { AgreementCommandOnLead } from './agreements.command';
import { buyerAgreementsStream } from './agreements.events';
import { type Agreement, loadAgreements, stateOn } from './buyer-agreements';
import { openSigningLink } from './signing-link';
import { today } from './today';

export const LINK_NOT_VALID = 'This link is not valid';
export const LINK_EXPIRED = 'This link has expired: ask your agent to send the agreement again';
/** Anyone holding a link may try it: 30 a minute per client address. */
export const SIGNING_LINK_LIMIT: RateLimit = {
  name: 'agreement-signing-link',
  limit: 30,
  windowSeconds: 60,
  message: 'Too many requests; please try again in a minute',
};

/**
 * The lead signs through the e-mailed link, without signing in: the page reads the terms, the lead
 * types their name and accepts. The signature keeps the time, the client address and the browser;
 * a second use is refused (409: signed already), as is an older link once a newer one went out.
 */
@Controller()
export class SignAgreementController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(AddressLimiter) private readonly limiter: AddressLimiter,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
  ) {}

  @Route(contract.agreements.bySigningLink)
  async view(@Query() { t }: QueryOf<typeof contract.agreements.bySigningLink>, @Req() req: Request): Promise<SigningView> {
    const { agreement, leadName, siteId } = await this.byLink(req, t);
    return this.signingView(agreement, leadName, siteId);
  }

  @Route(contract.agreements.sign)
  async sign(@Body() { t, name }: BodyOf<typeof contract.agreements.sign>, @Req() req: Request) {
    const { agreement, linkId, leadName, siteId } = await this.byLink(req, t);
    const userAgent = req.get('user-agent')?.slice(0, 500) ?? null;
    const { state } = await this.commands.execute(
      new AgreementCommandOnLead(
        buyerAgreementsStream(agreement.leadId),
        { kind: 'sign', agreementId: agreement.agreementId, linkId, name, ipAddress: req.ip ?? null, userAgent, now: new Date().toISOString(), today: today() },
        commandContextOf(req),
      ),
    );
    const signed = state.agreements.find((a) => a.agreementId === agreement.agreementId)!;
    return { isSuccess: true as const, view: await this.signingView(signed, leadName, siteId) };
  }

  private async signingView(a: Agreement, leadName: string, siteId: string): Promise<SigningView> {
    const site = await this.sites.byId(siteId);
    return {
      leadName,
      officeName: site?.name ?? '',
      type: a.agreementType,
      ...termsInWords(a),
      startsOn: a.startsOn,
      endsOn: a.endsOn,
      documentUrl: a.uploadId ? `/uploads/${a.uploadId}` : null,
      state: stateOn(a, today()),
    };
  }

  private async byLink(req: Request, token: unknown) {
    await this.limiter.enforce(SIGNING_LINK_LIMIT, req);
    const link = openSigningLink(await this.secret.get(), token, new Date());
    if (!link.ok) throw forbidden(link.reason === 'expired' ? LINK_EXPIRED : LINK_NOT_VALID);
    const [{ lead }, { agreements }] = await Promise.all([loadLead(this.store, link.leadId), loadAgreements(this.store, link.leadId)]);
    const agreement = agreements.find((a) => a.agreementId === link.agreementId);
    if (!lead.exists || !agreement) throw forbidden(LINK_NOT_VALID);
    return { agreement, linkId: link.linkId, leadName: lead.fullName, siteId: lead.siteId };
  }
}
