export { ListingActivityView } from './ListingActivityView';
export { ListingReportPage } from './ListingReportPage';
