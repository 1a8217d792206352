import { randomUUID } from 'node:crypto';
import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { EventStore } from '../../../eventstore/event-store.port';
import type { SocialSignIn } from '../../../contract/account';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { conflict, unauthorized, validation } from '../../../shared/errors';
import { requireSite } from '../../sites';
import { userStream } from '../account';
import { LEVEL } from '../accounts.events';
import { isSafeSubject, socialClaimStream, userIdByEmail, userIdBySocial } from '../claims';
import { normalizeEmail } from '../../../contract/email';
import { loadAccount } from '../load-account';
import { COOKIES } from '../../../contract/prompt-rules';
import { appendAtomically, registrationAppends, toNewEvents } from '../register-user/registration';
import { setClientCookie } from '../sessions/cookies';
import { commandContextOf } from '../../../commands/request-context';
import { SignInService } from '../sign-in/sign-in.service';
import { NO_TIMEZONE } from '../sign-in/sign-in.decide';
import { decideLinkSocial, socialClaim, socialSignUpEvents } from './social-sign-in.decide';
import { SignUpHooks } from '../sign-up-hooks';
import { FacebookVerifier } from './facebook-verifier';
import { GoogleVerifier } from './google-verifier';
import type { SocialIdentity } from './social-identity';

const PROFILE_REFUSED = 'Login failed';

/**
 * Social sign-in (contract sections 2 and 7). Only a token verified on the server signs anyone
 * in; a profile posted by the browser is refused as unknown fields. An account is found by the
 * provider's subject; a verified Google address may link to the account that has it; otherwise
 * an address in use is a conflict, never a merge.
 */
@Controller()
export class SocialSignInController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(GoogleVerifier) private readonly google: GoogleVerifier,
    @Inject(FacebookVerifier) private readonly facebook: FacebookVerifier,
    @Inject(SignInService) private readonly signIns: SignInService,
    @Inject(SignUpHooks) private readonly hooks: SignUpHooks,
  ) {}

  @Route(contract.account.google)
  async googleSignIn(@Body() { credential }: BodyOf<typeof contract.account.google>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const identity = await this.google.verify(credential);
    if (!identity) throw unauthorized(PROFILE_REFUSED);
    return this.signInWith(identity, req, res);
  }

  @Route(contract.account.facebook)
  async facebookSignIn(@Body() { accessToken }: BodyOf<typeof contract.account.facebook>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const identity = await this.facebook.verify(accessToken);
    if (!identity) throw unauthorized(PROFILE_REFUSED);
    return this.signInWith(identity, req, res);
  }

  private async signInWith(identity: SocialIdentity, req: Request, res: Response): Promise<SocialSignIn> {
    if (!isSafeSubject(identity.subject)) throw unauthorized(PROFILE_REFUSED);
    const known = await userIdBySocial(this.store, identity.provider, identity.subject);
    if (known) {
      const { account } = await loadAccount(this.store, known);
      if (!account.exists) throw unauthorized(PROFILE_REFUSED);
      // Google vouching for the account's own address proves it (an account made from an unverified one).
      const proves = identity.provider === 'google' && identity.emailVerified && identity.email !== null && normalizeEmail(identity.email) === account.email;
      await this.signIns.signIn(req, res, account, identity.provider, NO_TIMEZONE, proves ? 'google' : undefined);
      return { isSuccess: true, isNewUser: false, description: 'Signed in' };
    }
    if (!identity.email)
      throw validation(
        `Sorry! We are unable to retrieve your ${identity.provider === 'google' ? 'Google' : 'Facebook'} profile information. Please register by entering your information in the form.`,
      );
    const existing = await userIdByEmail(this.store, identity.email);
    if (existing) return this.link(existing, identity, req, res);
    return this.register(identity, req, res);
  }

  /**
   * A verified address links the provider to the account that already has it. That proves the
   * address: on an account created from an unproved one, every other session ends (whoever
   * typed the address into an inquiry form loses the account to its owner).
   */
  private async link(userId: string, identity: SocialIdentity, req: Request, res: Response): Promise<SocialSignIn> {
    const { account, revision } = await loadAccount(this.store, userId);
    if (!account.exists || revision === undefined) throw conflict('Email already in use');
    const events = decideLinkSocial(identity, account);
    const ctx = commandContextOf(req, userId);
    // The account and the provider's claim in one atomic append: a lost race on either is a conflict.
    await appendAtomically(this.store, [
      { streamId: userStream(userId), expected: revision, events: toNewEvents(events, ctx) },
      {
        streamId: socialClaimStream(identity.provider, identity.subject),
        expected: 'no_stream',
        events: toNewEvents([socialClaim(userId, identity.provider)], ctx),
      },
    ]);
    if (events.some((e) => e.type === 'EmailVerified')) await this.signIns.endSessionsOfUnprovedOwner(userId);
    await this.signIns.openSession(req, res, account);
    return { isSuccess: true, isNewUser: false, description: 'Signed in' };
  }

  /** A new level-5 lead of this site, signed in at once; the phone step follows unless the site skips it. */
  private async register(identity: SocialIdentity, req: Request, res: Response): Promise<SocialSignIn> {
    const site = requireSite(req);
    const userId = randomUUID();
    const ctx = commandContextOf(req, userId);
    const firstName = identity.givenName.trim().slice(0, 100) || 'Friend';
    const lastName = identity.familyName.trim().slice(0, 100);
    const registration = {
      userId,
      email: identity.email!,
      firstName,
      lastName,
      securityLevel: LEVEL.lead,
      siteId: site.siteId,
      via: identity.provider,
      social: { provider: identity.provider, subject: identity.subject },
      from: `${identity.provider} sign-up on ${site.subdomain}`,
      at: ctx.now.toISOString(),
    };
    await appendAtomically(this.store, [
      // A Google address Google verified is proved from the start; Facebook's are not trusted.
      ...registrationAppends(registration, ctx, socialSignUpEvents(userId, identity)),
      ...this.hooks.appendsFor(
        req,
        { userId, siteId: site.siteId, fullName: `${firstName} ${lastName}`.trim(), email: registration.email, phone: null, via: identity.provider },
        ctx,
      ),
    ]);
    await this.signIns.openSession(req, res, { userId, securityLevel: LEVEL.lead, officeId: null });
    const step = site.settings.Registration_SocialWithoutPhone ? null : '1-phone';
    if (step) setClientCookie(req, res, COOKIES.registrationState.name, 'unregistered', COOKIES.registrationState.days);
    return { isSuccess: true, isNewUser: true, description: 'Registered', step };
  }
}
