export { MarketReportLink } from './MarketReportLink';
