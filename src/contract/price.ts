// How prices are written, for the server (cards, pins, e-mails) and the web app alike. A lease's
// price is its rent per month, so every form of it says "/mo".

/**
 * $950, $222k, $1.25M, $1M ($999,600 rounds to a thousand thousands: $1M). A rent (`perMonth`)
 * says "/mo" and keeps a decimal below $10k, where rents differ: $950/mo, $2.1k/mo, $12k/mo.
 */
export function priceShort(price: number | null, perMonth = false): string | null {
  if (price === null) return null;
  if (perMonth) return `${price >= 1000 && price < 9950 ? `$${String(Math.round(price / 100) / 10)}k` : priceShort(price)}/mo`;
  if (price < 1000) return `$${Math.round(price)}`;
  const k = Math.round(price / 1000);
  if (k < 1000) return `$${k}k`;
  return `$${String(Math.round(price / 10_000) / 100)}M`;
}

/** One formatter for every price: `toLocaleString('en-US')` makes one a call, a page of cards dozens. */
const DOLLARS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The whole price: $1,250,000; a rent $2,100/mo; "Price on request" when the feed gave none. */
export const priceText = (price: number | null, perMonth = false): string =>
  price === null ? 'Price on request' : `$${DOLLARS.format(Math.round(price))}${perMonth ? '/mo' : ''}`;
