export { ValuationModule } from './valuation.module';
export { estimateValue, type Valuation, type ValuedComp } from './estimate-value';
export { sellerMailProjection } from './seller-mail/seller-mail.queue';
