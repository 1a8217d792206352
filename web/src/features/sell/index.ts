export { estimateSummary, HomeValue, type Valuation } from './HomeValue';
