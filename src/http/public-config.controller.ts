import { Controller, Get, Header, Inject } from '@nestjs/common';
import { CONFIG } from '../app/tokens';
import type { Config } from '../config/config';
import { ApiDoc } from './openapi/api-doc.decorator';

/** Server settings the web app needs at start; nothing secret belongs here. */
@Controller('api/config')
export class PublicConfigController {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  @ApiDoc({ summary: 'Server settings the web app needs: mapStyleUrl (null: the offline basemap)', tag: 'site', access: 'anyone', responses: { 200: '{mapStyleUrl}' } })
  @Get('public')
  @Header('Cache-Control', 'no-cache')
  get(): { mapStyleUrl: string | null } {
    return { mapStyleUrl: this.config.mapStyleUrl ?? null };
  }
}
