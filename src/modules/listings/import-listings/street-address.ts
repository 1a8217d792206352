import type { FieldReader } from './record-fields';

const MAX_ADDRESS = 300;

/**
 * The street address a card shows: UnparsedAddress, or else the RESO street parts
 * (`StreetNumber StreetDirPrefix StreetName StreetSuffix StreetDirSuffix #UnitNumber`); without
 * the city, state, zip and country the record gives in their own fields, since cards and the
 * listing page show those after it ("123 Main St, Austin, TX 78701" is "123 Main St").
 */
export function streetAddress(f: FieldReader, place: { city: string | null; state: string | null; postalCode: string | null }): string | null {
  const given = f.text('UnparsedAddress', MAX_ADDRESS);
  const address = given ?? fromParts(f);
  return address === null ? null : withoutPlace(address, place);
}

function fromParts(f: FieldReader): string | null {
  const name = f.text('StreetName', 100);
  if (name === null) return null;
  const parts = [f.text('StreetNumber', 20), f.text('StreetDirPrefix', 20), name, f.text('StreetSuffix', 30), f.text('StreetDirSuffix', 20)];
  const unit = f.text('UnitNumber', 30);
  // "4B" is "#4B"; "Apt 4B", "Unit 4" and "#4" are written as they came.
  if (unit !== null) parts.push(/^(#|[a-z]{2,}\.?\s)/i.test(unit) ? unit : `#${unit}`);
  return parts.filter((p) => p !== null).join(' ').replace(/\s+/g, ' ').slice(0, MAX_ADDRESS);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Takes the record's own city, state, zip and a country off the end of the address, whatever
 * their order and separators. A city goes only after a comma, or right before a state or zip
 * that went, so a street named like the city ("12 Kent Ave" in Kent) keeps its name.
 */
export function withoutPlace(address: string, place: { city: string | null; state: string | null; postalCode: string | null }): string | null {
  const zip5 = /^\d{5}/.exec(place.postalCode ?? '')?.[0];
  const tails: { re: RegExp; city?: boolean }[] = [
    ...(zip5 ? [{ re: new RegExp(`(?:^|[\\s,]+)${zip5}(?:-?\\d{4})?$`) }] : []),
    { re: /(?:^|[\s,]+)(?:USA|U\.S\.A\.|US|United States)$/i },
    ...(place.state ? [{ re: new RegExp(`(?:^|[\\s,]+)${escape(place.state)}\\.?$`, 'i') }] : []),
    ...(place.city ? [{ re: new RegExp(`(?:^|,\\s*|\\s+)${escape(place.city).replace(/\s+/g, '\\s+')}$`, 'i'), city: true }] : []),
  ];
  let s = address.trim();
  let strippedPlace = false;
  const done = new Set<RegExp>();
  // Each part goes at most once: "100 Kent, Kent, WA" keeps its street.
  for (let changed = true; changed; ) {
    changed = false;
    for (const { re, city } of tails) {
      const m = done.has(re) ? null : re.exec(s);
      if (!m) continue;
      if (city && !strippedPlace && !m[0].includes(',')) continue;
      s = s.slice(0, m.index).replace(/[\s,]+$/, '');
      done.add(re);
      strippedPlace = true;
      changed = true;
    }
  }
  // Nothing but the place ("Austin, TX"): the record gives no street address.
  return s === '' ? null : s;
}
