import { Controller, Header, Inject } from '@nestjs/common';
import { CONFIG } from '../runtime/tokens';
import type { Config } from '../config/config';
import { contract } from '../contract/routes';
import type { PublicConfig } from '../contract/site';
import { Route } from './contract/route.decorator';

/** Server settings the web app needs at start; nothing secret belongs here. */
@Controller()
export class PublicConfigController {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  @Route(contract.config.public)
  @Header('Cache-Control', 'no-cache')
  get(): PublicConfig {
    // A Google client id and a Facebook app id are public by design: the browsers' sign-in buttons need them.
    return {
      mapStyleUrl: this.config.mapStyleUrl ?? null,
      googleClientId: this.config.google.clientId ?? null,
      facebookAppId: this.config.facebook.appId ?? null,
    };
  }
}
