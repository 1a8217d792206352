import { Inject, Injectable } from '@nestjs/common';
import { SealedBox, type Sealed } from '../../shared/sealed-box';
import { SecretKey } from '../accounts';

/**
 * Page access tokens sealed at rest as feed credentials are (AES-256-GCM under a key derived
 * from the server secret), with a purpose of their own. `open` answers null when the server
 * secret changed since: the page then needs reconnecting.
 */
@Injectable()
export class PageTokens {
  private box: Promise<SealedBox> | undefined;

  constructor(@Inject(SecretKey) private readonly secret: SecretKey) {}

  async seal(token: string): Promise<Sealed> {
    return (await this.boxed()).seal(token);
  }

  async open(sealed: Sealed): Promise<string | null> {
    return (await this.boxed()).open(sealed);
  }

  private boxed(): Promise<SealedBox> {
    this.box ??= this.secret.get().then((key) => new SealedBox(key, 'facebook page tokens v1'));
    return this.box;
  }
}

export const UNREADABLE_TOKEN = "This page's token cannot be read with this server's secret any more; reconnect the page";
