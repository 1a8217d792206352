import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A secret sealed at rest: AES-256-GCM's nonce, tag and ciphertext, base64. */
export type Sealed = { readonly v: 1; readonly iv: string; readonly tag: string; readonly data: string };

/**
 * Seals secrets a user gave (feed credentials, mailbox passwords) under a key derived
 * (HKDF-SHA256) from the server secret (SECRET_KEY or DATA_DIR/secret-key) and a purpose of its
 * own, so that no purpose's key opens another's secrets.
 */
export class SealedBox {
  private readonly key: Buffer;

  constructor(serverSecret: Buffer, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'porchlight', purpose, 32));
  }

  seal(plain: string): Sealed {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  /** The secret, or null when this key cannot open it (another server secret, or altered). */
  open(sealed: Sealed): string | null {
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
