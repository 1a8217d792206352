import { z } from 'zod';
import { MailboxBody, MailboxStatusSchema, MailboxSyncSchema, OAUTH_PROVIDERS } from '../mailbox';
import { routes } from '../route';

const TAG = 'Agent mailbox';
const ACCESS = 'agents, brokers, staff';
const PATH = 'api/dashboard/emailintegration';
// Another provider is answered 404 by the handler ("cannot be connected on this server").
const answer = z.string().optional().catch(undefined);
const ProviderParams = z.strictObject({ provider: z.string().meta({ enum: [...OAUTH_PROVIDERS] }) });

/** The viewer's own mailbox (Settings › Connect your mailbox): by password, or through the provider's consent (OAuth with PKCE). */
export const mailboxRoutes = routes('mailbox', {
  status: {
    method: 'GET',
    path: PATH,
    summary: "The viewer's mailbox: provider, address, servers, last sync, the last error (never the password)",
    tag: TAG,
    access: ACCESS,
    responses: { 200: MailboxStatusSchema },
  },
  test: {
    method: 'POST',
    path: `${PATH}/test`,
    summary: 'Sign in to the IMAP and SMTP servers with these settings, saving nothing (400: a server refused or could not be reached, named)',
    tag: TAG,
    access: ACCESS,
    body: MailboxBody,
    responses: { 200: z.strictObject({ message: z.string() }) },
  },
  connect: {
    method: 'PUT',
    path: PATH,
    summary: 'Connect the viewer’s mailbox: tested first, the password stored sealed',
    tag: TAG,
    access: ACCESS,
    body: MailboxBody,
    responses: { 200: MailboxStatusSchema },
  },
  disconnect: {
    method: 'DELETE',
    path: PATH,
    summary: 'Disconnect the viewer’s mailbox: no more reading, the CRM’s e-mail goes from the site again',
    tag: TAG,
    access: ACCESS,
    responses: { 200: MailboxStatusSchema },
  },
  sync: {
    method: 'POST',
    path: `${PATH}/sync`,
    summary: 'Read the viewer’s mailbox now (also after it stopped on a refused password; 400: no mailbox connected)',
    tag: TAG,
    access: ACCESS,
    responses: { 200: MailboxSyncSchema },
  },
  oauthProviders: {
    method: 'GET',
    path: `${PATH}/oauth`,
    summary: 'The providers this server can connect through their consent (configured client id and secret)',
    tag: TAG,
    access: ACCESS,
    responses: { 200: z.strictObject({ providers: z.array(z.enum(OAUTH_PROVIDERS)) }) },
  },
  oauthStart: {
    method: 'GET',
    path: `${PATH}/oauth/:provider/start`,
    summary: "Redirect to the provider's consent (PKCE, a one-use state bound to the session, 10 minutes; 404: provider not configured)",
    tag: TAG,
    access: ACCESS,
    params: ProviderParams,
    responses: { 302: z.undefined() },
  },
  oauthCallback: {
    method: 'GET',
    path: `${PATH}/oauth/:provider/callback`,
    summary:
      'Where the provider sends the agent back: connects the mailbox, then to Settings with mailbox=connected, denied, expired, refused, limited or failed',
    tag: TAG,
    access: ACCESS,
    params: ProviderParams,
    // The provider's answer, whatever it holds: a missing or odd field ends on Settings as "failed" or "expired", never a JSON error.
    query: z.object({ state: answer, code: answer, error: answer }),
    responses: { 302: z.undefined() },
  },
});
