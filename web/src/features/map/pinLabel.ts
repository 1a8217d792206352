import type { Pin } from '../../../../src/contract/search';

/** A pin's text: a lease's rent per month (`priceLabel`), else its price; `≈ ` before one placed at its postal code's centre. */
export const pinLabel = (p: Pin): string => {
  const label = p.priceLabel ?? p.priceShort;
  return p.locationApproximate ? `≈ ${label}` : label;
};
