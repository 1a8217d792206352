import { MAILBOX_PRESETS, MailboxBody, type MailboxInput } from '../../../contract/mailbox';
import { validation } from '../../../shared/errors';
import type { MailboxProvider, MailServer } from '../mailbox.events';

export { MailboxBody, type MailboxInput };

export type MailboxSettings = {
  readonly provider: MailboxProvider;
  readonly address: string;
  readonly username: string;
  readonly password: string;
  readonly imap: MailServer;
  readonly smtp: MailServer;
};

/** Gmail and Microsoft 365 come with their servers; another provider's are typed. The user name is the address unless given. */
export function settingsOf(b: MailboxInput): MailboxSettings {
  const preset = b.provider === 'imap' ? null : MAILBOX_PRESETS[b.provider];
  const imap = b.imap ?? preset?.imap;
  const smtp = b.smtp ?? preset?.smtp;
  if (!imap) throw validation('Please enter the IMAP server');
  if (!smtp) throw validation('Please enter the SMTP server');
  return { provider: b.provider, address: b.address.toLowerCase(), username: b.username || b.address, password: b.password, imap, smtp };
}
