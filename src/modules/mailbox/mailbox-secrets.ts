import { SealedBox } from '../../shared/sealed-box';

export const UNREADABLE_SECRET = "Your mailbox's password cannot be read with this server's secret any more; connect your mailbox again";

/**
 * Mailbox passwords are sealed as feed credentials are (AES-256-GCM under a key derived from the
 * server secret), with a purpose of their own so that neither key opens the other's secrets.
 * `open` answers null when the server secret changed since.
 */
export class MailboxSecrets extends SealedBox {
  constructor(serverSecret: Buffer) {
    super(serverSecret, 'agent mailbox credentials v1');
  }
}
