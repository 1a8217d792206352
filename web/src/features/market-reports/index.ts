export { MarketReportLink } from './MarketReportLink';
export { MarketUnsubscribePage } from './MarketUnsubscribePage';
