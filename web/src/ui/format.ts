/** Display formats shared by cards and listing pages. */
import { formatNumber, pluralCategory } from '../../../src/contract/label-fill';
import { currentLanguage } from './translations';

// A price as the server's e-mails write it too: money(2100, true) is "$2,100/mo" (a lease's rent).
export { priceText as money } from '../../../src/contract/price';

/** A number as the page's language writes it (1,234 / 1 234); a dash for none. */
export const count = (n: number | null, language = currentLanguage()): string => (n === null ? '—' : formatNumber(n, language));
/** `n` and the word in its plural form, by the language's plural rules (the words are the caller's, in that language). */
export const plural = (n: number, one: string, many = `${one}s`, language = currentLanguage()) =>
  `${formatNumber(n, language)} ${pluralCategory(n, language) === 'one' ? one : many}`;

export function shortDate(iso: string | null): string {
  if (!iso) return '—';
  if (iso >= '2050-01-01') return 'Ongoing'; // spec section 9: 2050-01-01 or later means ongoing or never
  const d = new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export const isSoldStatus = (status: string | null): boolean => status === 'Closed' || status === 'Sold';

export function addressLine(c: { address: string | null; city: string | null; state: string | null; zip: string | null }): string {
  const place = [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [c.address, place].filter(Boolean).join(', ');
}
