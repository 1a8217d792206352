import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ListingsModule } from '../listings';
import { SitesModule } from '../sites';
import { PublicPagesController } from './public-pages.http';
import { PublicPages } from './public-pages';

/** The server-rendered public pages, robots.txt and sitemaps (issue 17, search engines). */
@Module({
  imports: [ListingsModule, SitesModule, AccountsModule],
  controllers: [PublicPagesController],
  providers: [PublicPages],
  exports: [PublicPages],
})
export class PublicPagesModule {}
