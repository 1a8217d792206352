export { MailboxModule } from './mailbox.module';
export { MailboxSync, POLL_SECONDS, type SyncOutcome } from './sync/mailbox-sync';
export { EMAIL_INTEGRATION_PATH } from './connect/emailintegration.http';
export { type MailboxEvent, mailboxEventTypes, mailboxStream } from './mailbox.events';
