export { estimateSummary, HomeValue, type Valuation, type ValuedHome } from './HomeValue';
export { sendSellerLead } from './sendSellerLead';
export { DigestOptIn } from './DigestOptIn';
export { CompsTable, compsTableStyles, type CompRow } from './CompsTable';
