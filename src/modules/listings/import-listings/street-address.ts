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
  return parts
    .filter((p) => p !== null)
    .join(' ')
    .replace(/\s+/g, ' ')
    .slice(0, MAX_ADDRESS);
}

const COUNTRIES = ['United States', 'U.S.A.', 'USA', 'US'];

/** `s` without `part` at its end (any case), when a comma or space comes before it or nothing does. */
function cut(s: string, part: string): { rest: string; comma: boolean } | undefined {
  if (part === '' || s.length < part.length || s.slice(s.length - part.length).toLowerCase() !== part.toLowerCase()) return undefined;
  const before = s.slice(0, s.length - part.length);
  const sep = /[\s,]*$/.exec(before)![0];
  if (sep === '' && before !== '') return undefined; // "Eastwood" does not end with the city "Wood"
  return { rest: before.slice(0, before.length - sep.length), comma: sep.includes(',') };
}

/**
 * Takes the record's own city, state, zip and a country off the end of the address, whatever
 * their order and separators. A city goes only after a comma, or right before a state or zip
 * that went, so a street named like the city ("12 Kent Ave" in Kent) keeps its name.
 */
export function withoutPlace(address: string, place: { city: string | null; state: string | null; postalCode: string | null }): string | null {
  const zip5 = /^\d{5}/.exec(place.postalCode ?? '')?.[0];
  const city = place.city?.replace(/\s+/g, ' ') ?? '';
  let s = address.trim().replace(/\s+/g, ' ');
  let strippedPlace = false;
  // Each part goes at most once: "100 Kent, Kent, WA" keeps its street.
  const done = { zip: zip5 === undefined, country: false, state: !place.state, city: city === '' };
  for (let changed = true; changed;) {
    changed = false;
    const take = (c: { rest: string } | undefined, part: keyof typeof done) => {
      if (!c) return;
      s = c.rest;
      done[part] = true;
      strippedPlace = changed = true;
    };
    if (!done.zip) {
      const m = /(\d{5})(?:-?\d{4})?$/.exec(s);
      if (m && m[1] === zip5) take(cut(s, m[0]), 'zip');
    }
    if (!done.country)
      take(
        COUNTRIES.map((c) => cut(s, c)).find((c) => c !== undefined),
        'country',
      );
    if (!done.state) take(cut(s, place.state!) ?? cut(s, `${place.state!}.`), 'state');
    if (!done.city) {
      const c = cut(s, city);
      if (c && (strippedPlace || c.comma || c.rest === '')) take(c, 'city');
    }
  }
  // Nothing but the place ("Austin, TX"): the record gives no street address.
  return s === '' ? null : s;
}
