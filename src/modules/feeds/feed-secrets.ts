import { SealedBox } from '../../shared/sealed-box';
import type { SealedSecret } from './feeds.events';

/**
 * Feed credentials (client secrets, bearer tokens) are stored sealed: AES-256-GCM under a key
 * derived (HKDF-SHA256) from the server secret (SECRET_KEY or DATA_DIR/secret-key, see
 * accounts/secret-key.ts), never in clear in the event log, never logged, never answered by
 * any route. The CLI and the server derive the same key from the same secret.
 */
export class FeedSecrets {
  private readonly box: SealedBox;

  constructor(serverSecret: Buffer) {
    this.box = new SealedBox(serverSecret, 'feed credentials v1');
  }

  seal(plain: string): SealedSecret {
    return this.box.seal(plain);
  }

  open(sealed: SealedSecret, feed: string): string {
    const plain = this.box.open(sealed);
    if (plain === null) {
      throw new FeedSecretError(
        `The credentials of feed ${feed} cannot be read with this server's secret (SECRET_KEY or DATA_DIR/secret-key changed?); add the feed again with its credentials`,
      );
    }
    return plain;
  }
}

export class FeedSecretError extends Error {
  override readonly name = 'FeedSecretError';
}
