import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '../../runtime/tokens';
import type { Config } from '../../config/config';

/**
 * The server secret that signs communication links: SECRET_KEY, or one generated on first use
 * into DATA_DIR/secret-key (mode 600) and reused after, like the embedded PostgreSQL password.
 * Several instances sharing a DATA_DIR race safely (exclusive create, then read). Never logged.
 */
@Injectable()
export class SecretKey {
  private key: Promise<Buffer> | undefined;

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  get(): Promise<Buffer> {
    this.key ??= this.load().catch((err) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }

  private async load(): Promise<Buffer> {
    if (this.config.secretKey) return Buffer.from(this.config.secretKey, 'utf8');
    const file = path.join(this.config.dataDir, 'secret-key');
    await fs.mkdir(this.config.dataDir, { recursive: true });
    try {
      await fs.writeFile(file, randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const text = (await fs.readFile(file, 'utf8')).trim();
    if (text.length < 32) throw new Error(`The secret key in ${file} is too short; remove the file or set SECRET_KEY`);
    return Buffer.from(text, 'utf8');
  }
}
