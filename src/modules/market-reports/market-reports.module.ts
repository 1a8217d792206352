import { Module } from '@nestjs/common';
import { PublicPagesModule } from '../public-pages';
import { MarketPages } from './market-pages';
import { MarketReportsController } from './market-reports.http';

/** Market reports: monthly figures of a city or zip from the listings' events. */
@Module({ imports: [PublicPagesModule], controllers: [MarketReportsController], providers: [MarketPages] })
export class MarketReportsModule {}
