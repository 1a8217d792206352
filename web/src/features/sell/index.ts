export { estimateSummary, HomeValue, type Valuation, type ValuedHome } from './HomeValue';
export { sendSellerLead } from './sendSellerLead';
