import { Module } from '@nestjs/common';
import { PublicPagesModule } from '../public-pages';
import { MarketPages } from './market-pages';
import { MarketReportsController } from './market-reports.http';
import { MarketUnsubscribeController } from './market-mail/market-unsubscribe.http';
import { AccountsModule } from '../accounts';

/** Market reports: monthly figures of a city or zip from the listings' events. */
@Module({ imports: [PublicPagesModule, AccountsModule], controllers: [MarketReportsController, MarketUnsubscribeController], providers: [MarketPages] })
export class MarketReportsModule {}
