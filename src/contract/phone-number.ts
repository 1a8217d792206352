import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers as the whole product keys them, read by libphonenumber-js. The `min` metadata:
 * it checks a number's length for its country (`isPossible`), not its digit ranges, because
 * numbering plans change faster than a deployment is updated, and a real lead's newly issued
 * number must not be refused; the digit ranges `max` adds would also refuse the 555 numbers
 * that demos and test data use.
 */

/** `00` is the international prefix most of the world dials; the library knows only `+`. */
const parse = (text: string, country: CountryCode) => parsePhoneNumberFromString(text.startsWith('00') ? `+${text.slice(2)}` : text, country);

/** Offices and sites hold no country: every number written without `+` or `00` is read as one of the North American plan. */
export const PHONE_COUNTRY: CountryCode = 'US';

/**
 * A number in E.164 (`+15550104242`, `+442079460958`), the one key a number has everywhere, or
 * null for what cannot be one. `+`, `00` and the North American `011` mark a country code;
 * without one the number is read in `country`'s plan and must have that plan's length, so
 * `07911 123456` or `44 7911 123456` is no North American number (null). An extension is
 * dropped. A North American area code never begins 0 or 1.
 */
export function phoneE164(raw: string | null | undefined, country: CountryCode = PHONE_COUNTRY): string | null {
  const text = (raw ?? '').trim();
  if (!/\d/.test(text)) return null;
  const parsed = parse(text, country);
  if (!parsed?.isPossible()) return null;
  if (parsed.countryCallingCode === '1' && !/^[2-9]/.test(parsed.nationalNumber)) return null;
  return parsed.number;
}

/** The ten digits of a North American number however written, or null (another country's number too). */
export function tenDigits(raw: string | null | undefined, country: CountryCode = PHONE_COUNTRY): string | null {
  const e164 = phoneE164(raw, country);
  return e164?.startsWith('+1') ? e164.slice(2) : null;
}

/**
 * The form the CRM stores a number in (an account's cell, a lead's phone, the placeholder
 * address of a phone-only person, the text thread's key): a North American number as its ten
 * digits, the form the cell-phone rule and every stored record already have; another as E.164.
 */
export function storedPhone(raw: string | null | undefined, country: CountryCode = PHONE_COUNTRY): string | null {
  const e164 = phoneE164(raw, country);
  return e164?.startsWith('+1') ? e164.slice(2) : e164;
}

/**
 * The ten digits of a North American number written without an extension, or null: the cell
 * phone an inquiry's number may be kept as. A number with an extension is a desk line, not a
 * phone that takes texts.
 */
export function cellDigits(raw: string | null | undefined, country: CountryCode = PHONE_COUNTRY): string | null {
  const text = (raw ?? '').trim();
  if (parse(text, country)?.ext) return null;
  return tenDigits(text, country);
}
