export { ValuationModule } from './valuation.module';
export { estimateValue, type Valuation, type ValuedComp } from './estimate-value';
