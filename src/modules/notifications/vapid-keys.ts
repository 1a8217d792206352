import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import webPush from 'web-push';
import { CONFIG } from '../../runtime/tokens';
import type { Config } from '../../config/config';

export type Vapid = { readonly publicKey: string; readonly privateKey: string; readonly subject: string };

/**
 * The VAPID key pair web push signs with: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or a pair
 * generated on first start into DATA_DIR/vapid-keys.json (mode 600) and reused after, like
 * SECRET_KEY. Instances sharing a DATA_DIR race safely (exclusive create, then read).
 */
@Injectable()
export class VapidKeys {
  private keys: Promise<Vapid> | undefined;

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  get(): Promise<Vapid> {
    this.keys ??= this.load().catch((err) => {
      this.keys = undefined;
      throw err;
    });
    return this.keys;
  }

  private async load(): Promise<Vapid> {
    const { publicKey, privateKey, subject } = this.config.vapid;
    if (publicKey && privateKey) return { publicKey, privateKey, subject };
    const file = path.join(this.config.dataDir, 'vapid-keys.json');
    await fs.mkdir(this.config.dataDir, { recursive: true });
    try {
      await fs.writeFile(file, JSON.stringify(webPush.generateVAPIDKeys()) + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const stored = JSON.parse(await fs.readFile(file, 'utf8')) as { publicKey?: string; privateKey?: string };
    if (!stored.publicKey || !stored.privateKey)
      throw new Error(`${file} does not hold a VAPID key pair; remove it or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
}
