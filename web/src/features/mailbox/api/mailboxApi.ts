import { api, urlOf } from '../../../api/contract-client';
import type { MailboxInput, OAuthProvider } from '../../../../../src/contract/mailbox';
import { contract } from '../../../../../src/contract/routes';

export type MailboxForm = MailboxInput;

const { mailbox } = contract;

/** Where the browser goes to give the provider's consent (a full page visit: the provider's page, then back to Settings). */
export const consentStartUrl = (provider: OAuthProvider) => urlOf(mailbox.oauthStart, { params: { provider } });

/** The viewer's own mailbox (Settings › Connect your mailbox). */
export const mailboxApi = {
  status: () => api(mailbox.status),
  test: (form: MailboxForm) => api(mailbox.test, { body: form }),
  connect: (form: MailboxForm) => api(mailbox.connect, { body: form }),
  oauthProviders: () => api(mailbox.oauthProviders),
  disconnect: () => api(mailbox.disconnect),
  syncNow: () => api(mailbox.sync),
};
