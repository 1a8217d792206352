import { Body, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { parseBody } from '../../../http/parse-body';
import { SiteResolver } from '../../sites';
import { AdminCommands } from '../admin-commands';
import { actionDoc, BackofficeController, ReasonBody, reasonField } from '../backoffice-controller';
import { DNS_TYPES, type DnsRecord, ONBOARDING_STATUSES, type OnboardingStatus } from '../backoffice.events';
import { decideLaunchSite, decideRecordTerms, decideSendWelcomeEmail, decideSetDnsRecords, decideSetOnboardingStatus } from './onboarding.decide';

const reason = reasonField;
const LaunchBody = z.strictObject({ siteId: z.uuid(), reason });
const StatusBody = z.strictObject({ status: z.enum(ONBOARDING_STATUSES as [OnboardingStatus, ...OnboardingStatus[]]), reason });
const DnsBody = z.strictObject({
  domain: z.string().max(253),
  records: z.array(z.strictObject({ type: z.enum(DNS_TYPES as [DnsRecord['type'], ...DnsRecord['type'][]]), name: z.string().max(253), value: z.string().max(1000) })).max(20),
  reason,
});
const TermsBody = z.strictObject({ termsVersion: z.string().max(40), acceptedOn: z.iso.date(), reason });

const doc = actionDoc('Back-office: onboarding');

/** Spec family "onboarding (launch site, setstatus, dns records, terms, welcome emails)". */
@BackofficeController('onboarding')
export class OnboardingController {
  constructor(
    @Inject(AdminCommands) private readonly commands: AdminCommands,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post(':userId/launchsite')
  @HttpCode(200)
  @doc('Launch a site the account owns', LaunchBody)
  async launch(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(LaunchBody, body);
    const found = await this.sites.byId(input.siteId);
    const site = found ? { siteId: found.siteId, ownerUserId: found.ownerUserId } : null;
    return this.commands.run(req, userId, (s) => decideLaunchSite({ userId, siteId: input.siteId, site, reason: input.reason }, s));
  }

  @Post(':userId/setstatus')
  @HttpCode(200)
  @doc('Set the onboarding status', StatusBody)
  status(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(StatusBody, body);
    return this.commands.run(req, userId, (s) => decideSetOnboardingStatus({ userId, ...input }, s));
  }

  @Post(':userId/dnsrecords')
  @HttpCode(200)
  @doc("Record the DNS records of the account's domain", DnsBody)
  dns(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(DnsBody, body);
    return this.commands.run(req, userId, () => decideSetDnsRecords({ userId, ...input }));
  }

  @Post(':userId/terms')
  @HttpCode(200)
  @doc('Record which terms the account accepted, and when', TermsBody)
  terms(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(TermsBody, body);
    const today = new Date().toISOString().slice(0, 10);
    return this.commands.run(req, userId, () => decideRecordTerms({ userId, ...input, today }));
  }

  /** Checked first, then sent through the Mailer port, then recorded (AdminCommands.mailThenRun). */
  @Post(':userId/welcomeemail')
  @HttpCode(200)
  @doc('Send the welcome e-mail', ReasonBody)
  async welcome(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const { reason } = parseBody(ReasonBody, body);
    const account = await this.commands.account(userId);
    const command = { userId: account.userId, to: account.email, reason };
    return this.commands.mailThenRun(req, account, (s) => decideSendWelcomeEmail(command, s), () => ({
      to: account.email,
      subject: 'Welcome to Porchlight',
      text:
        `Hello ${account.firstName},\n\nWelcome to Porchlight. Your account is ready: sign in at ${this.config.publicUrl}/account/login/admin ` +
        `with this e-mail address.\n\nIf you have any question, reply to this message and our team will help.\n`,
    }));
  }
}
