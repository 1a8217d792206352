export { MarketReportsModule } from './market-reports.module';
export { marketReportFacts, type MarketMonthFacts, renderMarketReportEmail } from './market-mail';
