import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SealedSecret } from './feeds.events';

/**
 * Feed credentials (client secrets, bearer tokens) are stored sealed: AES-256-GCM under a key
 * derived (HKDF-SHA256) from the server secret (SECRET_KEY or DATA_DIR/secret-key, see
 * accounts/secret-key.ts), never in clear in the event log, never logged, never answered by
 * any route. The CLI and the server derive the same key from the same secret.
 */
export class FeedSecrets {
  private readonly key: Buffer;

  constructor(serverSecret: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'porchlight', 'feed credentials v1', 32));
  }

  seal(plain: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  open(sealed: SealedSecret, feed: string): string {
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw new FeedSecretError(
        `The credentials of feed ${feed} cannot be read with this server's secret (SECRET_KEY or DATA_DIR/secret-key changed?); add the feed again with its credentials`,
      );
    }
  }
}

export class FeedSecretError extends Error {
  override readonly name = 'FeedSecretError';
}
