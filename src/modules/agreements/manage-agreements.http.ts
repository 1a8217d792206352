import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { BodyOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { EventStore } from '../../eventstore/event-store.port';
import { Route } from '../../http/contract/route.decorator';
import { CONFIG } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { commandContextOf } from '../../commands/request-context';
import { notFound, validation } from '../../shared/errors';
import { newId } from '../../shared/ids';
import { SecretKey } from '../accounts';
import { LeadEmails } from '../conversation';
import { leadInScope } from '../leads';
import { SiteResolver, siteBaseUrl } from '../sites';
import { UploadStore } from '../uploads';
import { signingMail } from './agreement-mail';
import { AgreementCommandOnLead } from './agreements.command';
import type { AgreementCommand } from './agreements.decide';
import { buyerAgreementsStream } from './agreements.events';
import { AGREEMENT_NOT_FOUND } from './agreements.decide';
import { agreementView, loadAgreements } from './buyer-agreements';
import { signSigningLink, SIGNING_PAGE } from './signing-link';
import { today } from './today';

export const UPLOAD_NOT_FOUND = 'That upload was not found: upload the document again';
type WithoutCommon<C> = C extends unknown ? Omit<C, 'now' | 'today'> : never;

/** The office's side of a lead's buyer agreements (contract section 13): the lead's scope as every dashboard route (others 404). */
@Controller()
export class ManageAgreementsController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(UploadStore) private readonly uploads: UploadStore,
    @Inject(LeadEmails) private readonly emails: LeadEmails,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Route(contract.agreements.list)
  async list(@Param('leadId') leadId: string, @Req() req: Request) {
    const { lead } = await leadInScope(this.store, req, leadId);
    const { agreements } = await loadAgreements(this.store, lead.leadId);
    return { agreements: agreements.map((a) => agreementView(a, today())).reverse() };
  }

  @Route(contract.agreements.create)
  async create(@Param('leadId') leadId: string, @Body() input: BodyOf<typeof contract.agreements.create>, @Req() req: Request) {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    if (input.uploadId && !(await this.uploads.exists(input.uploadId))) throw validation(UPLOAD_NOT_FOUND);
    const agreementId = input.agreementId ?? newId();
    await this.run(req, lead.leadId, {
      kind: 'create',
      agreementId,
      leadId: lead.leadId,
      agreementType: input.type,
      compensation: { kind: input.compensation.kind, value: input.compensation.value },
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      uploadId: input.uploadId ?? null,
      byUserId: viewer.userId,
    });
    return { agreementId };
  }

  /** The link is made and recorded first, then e-mailed through the lead e-mail's outbox (consent and the thread as any agent e-mail). */
  @Route(contract.agreements.send)
  async send(@Param('leadId') leadId: string, @Param('agreementId') agreementId: string, @Req() req: Request) {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    const linkId = newId();
    const state = await this.run(req, lead.leadId, { kind: 'send', agreementId, linkId, byUserId: viewer.userId });
    const agreement = state.agreements.find((a) => a.agreementId === agreementId)!;
    const site = await this.sites.byId(lead.siteId);
    const baseUrl = site ? siteBaseUrl(site, this.config.publicUrl) : this.config.publicUrl;
    const t = signSigningLink(await this.secret.get(), { leadId: lead.leadId, agreementId, linkId }, new Date());
    const link = `${baseUrl}${SIGNING_PAGE}?t=${encodeURIComponent(t)}`;
    await this.emails.sendLeadEmail(req, lead.leadId, signingMail(agreement, { leadName: lead.fullName, officeName: site?.name ?? 'our office', link }));
    return { isSuccess: true as const, agreement: agreementView(agreement, today()) };
  }

  @Route(contract.agreements.uploadSigned)
  async uploadSigned(
    @Param('leadId') leadId: string,
    @Param('agreementId') agreementId: string,
    @Body() { uploadId }: BodyOf<typeof contract.agreements.uploadSigned>,
    @Req() req: Request,
  ) {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    if (!(await this.uploads.exists(uploadId))) throw validation(UPLOAD_NOT_FOUND);
    return this.changed(agreementId, await this.run(req, lead.leadId, { kind: 'upload-signed', agreementId, uploadId, byUserId: viewer.userId }));
  }

  @Route(contract.agreements.void)
  async void(@Param('leadId') leadId: string, @Param('agreementId') agreementId: string, @Req() req: Request) {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    return this.changed(agreementId, await this.run(req, lead.leadId, { kind: 'void', agreementId, byUserId: viewer.userId }));
  }

  private changed(agreementId: string, state: Awaited<ReturnType<typeof loadAgreements>>) {
    const agreement = state.agreements.find((a) => a.agreementId === agreementId);
    if (!agreement) throw notFound(AGREEMENT_NOT_FOUND);
    return { isSuccess: true as const, agreement: agreementView(agreement, today()) };
  }

  private async run(req: Request, leadId: string, c: WithoutCommon<AgreementCommand>) {
    const input = { ...c, now: new Date().toISOString(), today: today() } as AgreementCommand;
    const { state } = await this.commands.execute(new AgreementCommandOnLead(buyerAgreementsStream(leadId), input, commandContextOf(req)));
    return state;
  }
}
