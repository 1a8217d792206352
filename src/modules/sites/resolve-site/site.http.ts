import { Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { siteBaseUrl } from './resolved-site';
import { requireSite } from './require-site';
import { SiteResolver } from './site-resolver';

@Controller()
export class SiteController {
  constructor(
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** The current site and the settings the public pages act on (prompts, gates, navigation). */
  @Route(contract.sites.current)
  async current(@Req() req: Request) {
    const site = requireSite(req);
    const master = site.masterSiteId ? await this.sites.byId(site.masterSiteId) : undefined;
    const { MMSBulkSendCap: _crmOnly, ...settings } = site.settings;
    return {
      siteId: site.siteId,
      subdomain: site.subdomain,
      name: site.name,
      kind: site.kind,
      // A domain waiting for its proof is not the site's (yet).
      DomainName: site.domainStatus === 'verified' ? site.DomainName : null,
      isDefault: site.isDefault,
      masterSite: master ? { siteId: master.siteId, subdomain: master.subdomain, baseUrl: siteBaseUrl(master, this.config.publicUrl) } : null,
      settings,
    };
  }
}
