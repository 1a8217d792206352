import { request } from '../../../api/http';
import type { MailboxProviderChoice, MailboxStatus, MailServerSettings } from '../../../../../src/contract/mailbox';

export type MailboxForm = {
  readonly provider: MailboxProviderChoice;
  readonly address: string;
  readonly username?: string;
  readonly password: string;
  readonly imap?: MailServerSettings;
  readonly smtp?: MailServerSettings;
};

const PATH = '/api/dashboard/emailintegration';

/** Where the browser goes to give the provider's consent (a full page visit: the provider's page, then back to Settings). */
export const consentStartUrl = (provider: 'gmail' | 'microsoft') => `${PATH}/oauth/${provider}/start`;

/** The viewer's own mailbox (Settings › Connect your mailbox). */
export const mailboxApi = {
  status: () => request<MailboxStatus>('GET', PATH),
  test: (form: MailboxForm) => request<{ message: string }>('POST', `${PATH}/test`, form),
  connect: (form: MailboxForm) => request<MailboxStatus>('PUT', PATH, form),
  oauthProviders: () => request<{ providers: ('gmail' | 'microsoft')[] }>('GET', `${PATH}/oauth`),
  disconnect: () => request<MailboxStatus>('DELETE', PATH),
  syncNow: () => request<MailboxStatus & { copied?: number; message?: string }>('POST', `${PATH}/sync`),
};
