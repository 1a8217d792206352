import type { SocialProvider } from '../accounts.events';

/** What a provider vouched for, after verification on the server. */
export type SocialIdentity = {
  readonly provider: SocialProvider;
  readonly subject: string;
  readonly email: string | null;
  /** Only a verified address may be linked to an existing account with that address. */
  readonly emailVerified: boolean;
  readonly givenName: string;
  readonly familyName: string;
};
