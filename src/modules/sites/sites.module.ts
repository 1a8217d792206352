import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { ChangeSiteSettingsHandler } from './change-site-settings/change-site-settings.handler';
import { CreateSiteHandler } from './create-site/create-site.handler';
import { SiteSettingsController } from './change-site-settings/site-settings.http';
import { SiteController } from './resolve-site/site.http';
import { SiteMiddleware } from './resolve-site/site.middleware';
import { SiteResolver } from './resolve-site/site-resolver';

/** Sites (tenants): creation, settings, and resolving the request's site from its host. */
@Module({
  controllers: [SiteController, SiteSettingsController],
  providers: [SiteResolver, SiteMiddleware, CreateSiteHandler, ChangeSiteSettingsHandler],
  exports: [SiteResolver],
})
export class SitesModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SiteMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
