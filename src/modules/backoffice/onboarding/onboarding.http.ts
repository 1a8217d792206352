import { Body, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { SiteResolver } from '../../sites';
import { AdminCommands } from '../admin-commands';
import { BackofficeController } from '../backoffice-controller';
import { decideLaunchSite, decideRecordTerms, decideSendWelcomeEmail, decideSetDnsRecords, decideSetOnboardingStatus } from './onboarding.decide';

const routes = contract.onboarding;
type Reason = BodyOf<typeof routes.welcomeEmail>;

/** Spec family "onboarding (launch site, setstatus, dns records, terms, welcome emails)". */
@BackofficeController()
export class OnboardingController {
  constructor(
    @Inject(AdminCommands) private readonly commands: AdminCommands,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Route(routes.launchSite)
  async launch(@Param('userId') userId: string, @Body() input: BodyOf<typeof routes.launchSite>, @Req() req: Request) {
    const found = await this.sites.byId(input.siteId);
    const site = found ? { siteId: found.siteId, ownerUserId: found.ownerUserId } : null;
    return this.commands.run(req, userId, (s) => decideLaunchSite({ userId, siteId: input.siteId, site, reason: input.reason }, s));
  }

  @Route(routes.setStatus)
  status(@Param('userId') userId: string, @Body() input: BodyOf<typeof routes.setStatus>, @Req() req: Request) {
    return this.commands.run(req, userId, (s) => decideSetOnboardingStatus({ userId, ...input }, s));
  }

  @Route(routes.dnsRecords)
  dns(@Param('userId') userId: string, @Body() input: BodyOf<typeof routes.dnsRecords>, @Req() req: Request) {
    return this.commands.run(req, userId, () => decideSetDnsRecords({ userId, ...input }));
  }

  @Route(routes.terms)
  terms(@Param('userId') userId: string, @Body() input: BodyOf<typeof routes.terms>, @Req() req: Request) {
    const today = new Date().toISOString().slice(0, 10);
    return this.commands.run(req, userId, () => decideRecordTerms({ userId, ...input, today }));
  }

  /** Checked first, then sent through the Mailer port, then recorded (AdminCommands.mailThenRun). */
  @Route(routes.welcomeEmail)
  async welcome(@Param('userId') userId: string, @Body() { reason }: Reason, @Req() req: Request) {
    const account = await this.commands.account(userId);
    const command = { userId: account.userId, to: account.email, reason };
    return this.commands.mailThenRun(
      req,
      account,
      (s) => decideSendWelcomeEmail(command, s),
      () => ({
        to: account.email,
        subject: 'Welcome to Porchlight',
        text:
          `Hello ${account.firstName},\n\nWelcome to Porchlight. Your account is ready: sign in at ${this.config.publicUrl}/account/login/admin ` +
          `with this e-mail address.\n\nIf you have any question, reply to this message and our team will help.\n`,
      }),
    );
  }
}
