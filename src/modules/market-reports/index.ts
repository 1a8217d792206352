export { MarketReportsModule } from './market-reports.module';
export { marketReportFacts, type MarketMonthFacts, renderMarketReportEmail, marketStopLinks } from './market-mail';
