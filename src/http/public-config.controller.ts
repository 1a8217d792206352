import { Controller, Get, Header, Inject } from '@nestjs/common';
import { CONFIG } from '../app/tokens';
import type { Config } from '../config/config';
import { ApiDoc } from './openapi/api-doc.decorator';

/** Server settings the web app needs at start; nothing secret belongs here. */
@Controller('api/config')
export class PublicConfigController {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  @ApiDoc({ summary: 'Server settings the web app needs: mapStyleUrl (null: the offline basemap), googleClientId (null: no Google sign-in)', tag: 'site', access: 'anyone', responses: { 200: '{mapStyleUrl, googleClientId}' } })
  @Get('public')
  @Header('Cache-Control', 'no-cache')
  get(): { mapStyleUrl: string | null; googleClientId: string | null } {
    // A Google client id is public by design: the browser's sign-in button needs it.
    return { mapStyleUrl: this.config.mapStyleUrl ?? null, googleClientId: this.config.google.clientId ?? null };
  }
}
