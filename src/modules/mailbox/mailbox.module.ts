import { Global, Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule, SecretKey } from '../accounts';
import { AgentMailboxes } from '../messaging';
import { EmailIntegrationController } from './connect/emailintegration.http';
import { MailboxSecrets } from './mailbox-secrets';
import { EmailIntegrationOAuthController } from './oauth/emailintegration-oauth.http';
import { MailboxLogins } from './oauth/mailbox-logins';
import { ConnectedAgentMailboxes } from './send-as-agent/agent-mailbox-mailer';
import { MailboxPoller } from './sync/mailbox-poller.reactor';
import { MailboxSync } from './sync/mailbox-sync';

/**
 * Agents' own mailboxes (issue 30): the routes, the poller that reads them into leads' threads,
 * and the sending of an agent's CRM e-mail from their own address. Global only so that
 * messaging's Mailer finds the AgentMailboxes port.
 */
@Global()
@Module({
  imports: [AccountsModule],
  controllers: [EmailIntegrationController, EmailIntegrationOAuthController],
  providers: [
    { provide: MailboxSecrets, useFactory: async (key: SecretKey) => new MailboxSecrets(await key.get()), inject: [SecretKey] },
    { provide: AgentMailboxes, useClass: ConnectedAgentMailboxes },
    RateLimiter,
    MailboxLogins,
    MailboxSync,
    MailboxPoller,
  ],
  exports: [AgentMailboxes, MailboxSync],
})
export class MailboxModule {}
