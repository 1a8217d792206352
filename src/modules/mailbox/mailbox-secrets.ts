import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SealedMailboxSecret } from './mailbox.events';

export const UNREADABLE_SECRET = "Your mailbox's password cannot be read with this server's secret any more; connect your mailbox again";

/**
 * Mailbox passwords are sealed as feed credentials are: AES-256-GCM under a key derived
 * (HKDF-SHA256) from the server secret (SECRET_KEY or DATA_DIR/secret-key), with a label of its
 * own so that neither key opens the other's secrets.
 */
export class MailboxSecrets {
  private readonly key: Buffer;

  constructor(serverSecret: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'porchlight', 'agent mailbox credentials v1', 32));
  }

  seal(plain: string): SealedMailboxSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  /** The password, or null when this server's secret cannot open it (the secret changed). */
  open(sealed: SealedMailboxSecret): string | null {
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
