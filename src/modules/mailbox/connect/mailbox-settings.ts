import { z } from 'zod';
import { MAILBOX_PRESETS, MAILBOX_PROVIDERS } from '../../../contract/mailbox';
import { validation } from '../../../shared/errors';
import type { MailboxProvider, MailServer } from '../mailbox.events';

const Server = z.strictObject({
  host: z
    .string()
    .trim()
    .min(1, 'Please enter the server name')
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9a-fA-F:]+\]?$/, 'A server name is a host name like imap.example.com'),
  port: z.number().int().min(1).max(65535),
  secure: z.boolean(),
});

export const MailboxBody = z.strictObject({
  provider: z.enum(MAILBOX_PROVIDERS),
  address: z.string().trim().max(254).email('Please enter your e-mail address'),
  username: z.string().trim().max(254).optional(),
  password: z.string().min(1, 'Please enter the (app) password').max(1000),
  imap: Server.optional(),
  smtp: Server.optional(),
});
export type MailboxInput = z.infer<typeof MailboxBody>;

export type MailboxSettings = { readonly provider: MailboxProvider; readonly address: string; readonly username: string; readonly password: string; readonly imap: MailServer; readonly smtp: MailServer };

/** Gmail and Microsoft 365 come with their servers; another provider's are typed. The user name is the address unless given. */
export function settingsOf(b: MailboxInput): MailboxSettings {
  const preset = b.provider === 'imap' ? null : MAILBOX_PRESETS[b.provider];
  const imap = b.imap ?? preset?.imap;
  const smtp = b.smtp ?? preset?.smtp;
  if (!imap) throw validation('Please enter the IMAP server');
  if (!smtp) throw validation('Please enter the SMTP server');
  return { provider: b.provider, address: b.address.toLowerCase(), username: b.username || b.address, password: b.password, imap, smtp };
}
