export { marketReportFacts, type MarketMonthFacts } from './market-report-facts';
export { renderMarketReportEmail } from './market-report-email';
export { marketStopLinks, openMarketUnsubscribe } from './market-unsubscribe-link';
