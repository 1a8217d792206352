import { conflict } from '../../../shared/errors';
import type { Account } from '../account';
import type { AccountEvent, ClaimEvent } from '../accounts.events';
import { firstVerification, NO_TIMEZONE, refuseBlockedSignIn, signedIn } from '../sign-in/sign-in.decide';
import type { SocialIdentity } from './social-identity';

/**
 * A provider's verified address links the provider to the account that already has that
 * address: the link, the first proof of the address (when nobody had proved it: every other
 * session then ends), and the sign-in. An unverified address never links (whoever typed it
 * might not own it).
 */
export function decideLinkSocial(identity: Pick<SocialIdentity, 'provider' | 'subject' | 'emailVerified'>, account: Account): AccountEvent[] {
  if (!identity.emailVerified || !account.exists) throw conflict('Email already in use');
  refuseBlockedSignIn(account);
  const { userId } = account;
  return [
    { type: 'SocialIdentityLinked', data: { userId, provider: identity.provider, subject: identity.subject, emailVerified: true } },
    ...firstVerification(account, 'google'),
    signedIn({ userId, method: identity.provider, ...NO_TIMEZONE }),
  ];
}

/** The provider's subject belongs to one account only (appended with 'no_stream'). */
export const socialClaim = (userId: string, provider: SocialIdentity['provider']): ClaimEvent => ({
  type: 'SocialIdentityClaimed',
  data: { userId, provider },
});

/** What a sign-up through a provider adds to the registration: a proof when Google vouched for the address (Facebook's are not trusted), and the sign-in. */
export function socialSignUpEvents(userId: string, identity: Pick<SocialIdentity, 'provider' | 'emailVerified'>): AccountEvent[] {
  return [
    ...(identity.provider === 'google' && identity.emailVerified ? [{ type: 'EmailVerified' as const, data: { userId, how: 'google' as const } }] : []),
    signedIn({ userId, method: identity.provider, ...NO_TIMEZONE }),
  ];
}
