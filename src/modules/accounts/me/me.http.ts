import { Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { CurrentUser } from '../../../contract/account';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { EventStore } from '../../../eventstore/event-store.port';
import { unauthorized } from '../../../shared/errors';
import { SiteResolver } from '../../sites';
import { loadAccount } from '../load-account';
import { formatPhone, isValidCellPhone } from '../../../contract/phone';
import { dashboardUrlFor } from '../../../contract/prompt-rules';
import { requireAuth } from '../sessions/request-auth';
import type { Session } from '../sessions/session.store';

@Controller()
export class MeController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
  ) {}

  /**
   * The current user (product description section 3) plus what the account screen shows. Read
   * from the user's stream, so a user who registered a moment ago is seen at once.
   */
  @Route(contract.account.me)
  async me(@Req() req: Request) {
    const me = await this.userOf(requireAuth(req));
    if (!me) throw unauthorized();
    return me;
  }

  /**
   * Who is signed in, for pages that work either way: a visitor who is signed out is a normal
   * state, answered 200 `{signedIn: false}` (no error in their console); signed in, `{signedIn:
   * true, user}` with what /me answers.
   */
  @Route(contract.account.session)
  async session(@Req() req: Request) {
    const user = req.auth ? await this.userOf(req.auth) : null;
    return user ? { signedIn: true as const, user } : { signedIn: false as const };
  }

  private async userOf(auth: Session): Promise<CurrentUser | null> {
    const { account } = await loadAccount(this.store, auth.userId);
    if (!account.exists) return null;
    return {
      securityLevel: account.securityLevel,
      subdomain: await this.sites.subdomainFor(account.userId, account.siteId),
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      userDID: account.userId,
      gkdid: null,
      mdid: null,
      cellPhone: formatPhone(account.cellPhone),
      validCellPhone: isValidCellPhone(account.cellPhone),
      count_Login: account.loginCount,
      user_IsImport: account.isImport,
      user_Import_OptedIn: account.importOptedIn,
      user_UnsubscribeText: !account.consent.text,
      user_UnsubscribeEmail: !account.consent.email,
      On_PropertyAlerts: account.consent.propertyAlerts,
      On_PropertyUpdates: account.consent.propertyUpdates,
      photoLocation: account.photoLocation,
      hasPassword: account.passwordHash !== null,
      /** The address is shown to be the user's (what sharing a listing needs). */
      emailVerified: account.emailVerified,
      dashboardUrl: dashboardUrlFor(account.securityLevel),
      impersonatorId: auth.impersonatorId,
      /** When the impersonation session ends (at most 30 minutes after it began); null otherwise. */
      impersonationEndsAt: auth.impersonatorId ? auth.expiresAt.toISOString() : null,
    };
  }
}
