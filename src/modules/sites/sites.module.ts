import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { SiteStylesController } from './change-site-styles/site-styles.http';
import { SiteSettingsController } from './change-site-settings/site-settings.http';
import { SiteController } from './resolve-site/site.http';
import { SiteMiddleware } from './resolve-site/site.middleware';
import { SiteResolver } from './resolve-site/site-resolver';
import { DOMAIN_LOOKUP, NodeDomainLookup } from './verify-site-domain/domain-lookup.port';
import { DomainProofCheck } from './verify-site-domain/domain-proof-check';
import { CONFIG } from '../../runtime/tokens';
import type { Config } from '../../config/config';

/** Sites (tenants): creation, settings, styles (palette, fonts, home cover), custom-domain verification, and resolving the request's site from its host. */
@Module({
  controllers: [SiteController, SiteSettingsController, SiteStylesController],
  providers: [
    SiteResolver,
    SiteMiddleware,
    DomainProofCheck,
    { provide: DOMAIN_LOOKUP, useFactory: (config: Config) => new NodeDomainLookup(config.domainCheck.dnsServers), inject: [CONFIG] },
  ],
  exports: [SiteResolver],
})
export class SitesModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SiteMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
