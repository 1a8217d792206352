import { Controller, Get, Header, Inject } from '@nestjs/common';
import { CONFIG } from '../runtime/tokens';
import type { Config } from '../config/config';
import type { PublicConfig } from '../contract/site';
import { ApiDoc } from './openapi/api-doc.decorator';

/** Server settings the web app needs at start; nothing secret belongs here. */
@Controller('api/config')
export class PublicConfigController {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  @ApiDoc({ summary: 'Server settings the web app needs: mapStyleUrl (null: the offline basemap), googleClientId (null: no Google sign-in), facebookAppId (null: no Facebook sign-in)', tag: 'site', access: 'anyone', responses: { 200: '{mapStyleUrl, googleClientId, facebookAppId}' } })
  @Get('public')
  @Header('Cache-Control', 'no-cache')
  get(): PublicConfig {
    // A Google client id and a Facebook app id are public by design: the browsers' sign-in buttons need them.
    return { mapStyleUrl: this.config.mapStyleUrl ?? null, googleClientId: this.config.google.clientId ?? null, facebookAppId: this.config.facebook.appId ?? null };
  }
}
