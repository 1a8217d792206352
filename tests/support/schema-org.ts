/**
 * The part of the schema.org vocabulary the public pages use (https://schema.org, version 29):
 * each type's parents and its own properties, and the type a property's value must have where
 * it is a thing. A JSON-LD object is checked against it: every @type known, every property one
 * of its type's (or an ancestor's), nested things of the expected type.
 */
const TYPES: Record<string, { parents: string[]; props: string[] }> = {
  Thing: { parents: [], props: ['name', 'description', 'url', 'image', 'identifier', 'sameAs', 'alternateName', 'mainEntityOfPage'] },
  CreativeWork: { parents: ['Thing'], props: ['about', 'dateModified', 'datePublished', 'offers', 'mainEntity', 'author', 'headline', 'inLanguage'] },
  WebPage: { parents: ['CreativeWork'], props: ['breadcrumb', 'primaryImageOfPage', 'lastReviewed', 'significantLink'] },
  WebSite: { parents: ['CreativeWork'], props: ['issn'] },
  RealEstateListing: { parents: ['WebPage'], props: ['datePosted', 'leaseLength'] },
  Intangible: { parents: ['Thing'], props: [] },
  Offer: {
    parents: ['Intangible'],
    props: ['price', 'priceCurrency', 'availability', 'businessFunction', 'itemOffered', 'seller', 'validFrom', 'priceValidUntil'],
  },
  StructuredValue: { parents: ['Intangible'], props: [] },
  ContactPoint: { parents: ['StructuredValue'], props: ['email', 'telephone', 'contactType', 'areaServed'] },
  PostalAddress: {
    parents: ['ContactPoint'],
    props: ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry', 'postOfficeBoxNumber'],
  },
  GeoCoordinates: { parents: ['StructuredValue'], props: ['latitude', 'longitude', 'elevation', 'address', 'addressCountry', 'postalCode'] },
  QuantitativeValue: { parents: ['StructuredValue'], props: ['value', 'unitCode', 'unitText', 'minValue', 'maxValue'] },
  Place: { parents: ['Thing'], props: ['address', 'geo', 'latitude', 'longitude', 'telephone', 'containedInPlace', 'photo'] },
  Accommodation: {
    parents: ['Place'],
    props: [
      'numberOfBedrooms',
      'numberOfBathroomsTotal',
      'numberOfFullBathrooms',
      'numberOfRooms',
      'floorSize',
      'yearBuilt',
      'accommodationCategory',
      'amenityFeature',
      'petsAllowed',
    ],
  },
  House: { parents: ['Accommodation'], props: ['numberOfRooms'] },
  SingleFamilyResidence: { parents: ['House'], props: ['numberOfRooms', 'occupancy'] },
  Apartment: { parents: ['Accommodation'], props: ['numberOfRooms', 'occupancy'] },
  ItemList: { parents: ['Intangible'], props: ['itemListElement', 'numberOfItems', 'itemListOrder'] },
  BreadcrumbList: { parents: ['ItemList'], props: [] },
  ListItem: { parents: ['Intangible'], props: ['item', 'position', 'nextItem', 'previousItem'] },
  Organization: { parents: ['Thing'], props: ['email', 'telephone', 'address', 'logo', 'parentOrganization', 'employee', 'member', 'areaServed'] },
  LocalBusiness: { parents: ['Organization', 'Place'], props: ['openingHours', 'priceRange', 'currenciesAccepted', 'paymentAccepted'] },
  RealEstateAgent: { parents: ['LocalBusiness'], props: [] },
};

/** Where a property's value is a thing, the types it may be (a subtype counts). */
const RANGE: Record<string, string[]> = {
  offers: ['Offer'],
  address: ['PostalAddress'],
  geo: ['GeoCoordinates'],
  floorSize: ['QuantitativeValue'],
  itemListElement: ['ListItem'],
  mainEntity: ['Thing'],
  parentOrganization: ['Organization'],
};

const ancestors = (t: string): string[] => [t, ...(TYPES[t]?.parents ?? []).flatMap(ancestors)];
export const isA = (type: string, of: string): boolean => ancestors(type).includes(of);

/** Every problem of a JSON-LD object (empty: it holds). */
export function schemaProblems(thing: unknown, path = '$'): string[] {
  if (Array.isArray(thing)) return thing.flatMap((t, i) => schemaProblems(t, `${path}[${i}]`));
  if (typeof thing !== 'object' || thing === null) return [];
  const o = thing as Record<string, unknown>;
  const type = o['@type'];
  if (typeof type !== 'string') return [`${path}: no @type`];
  if (!TYPES[type]) return [`${path}: unknown type ${type}`];
  const allowed = new Set(ancestors(type).flatMap((t) => TYPES[t]!.props));
  const out: string[] = [];
  for (const [k, v] of Object.entries(o)) {
    if (k.startsWith('@')) continue;
    if (!allowed.has(k)) out.push(`${path}: ${type} has no property ${k}`);
    if (v === null || v === '') out.push(`${path}.${k}: empty`);
    const range = RANGE[k];
    const values = Array.isArray(v) ? v : [v];
    for (const [i, item] of values.entries()) {
      if (range && typeof item === 'object' && item !== null) {
        const t = (item as Record<string, unknown>)['@type'];
        if (typeof t !== 'string' || !range.some((r) => isA(t, r))) out.push(`${path}.${k}: ${String(t)} is not a ${range.join(' or ')}`);
      }
      out.push(...schemaProblems(item, `${path}.${k}${Array.isArray(v) ? `[${i}]` : ''}`));
    }
  }
  return out;
}
