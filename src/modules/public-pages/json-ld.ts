import type { ListingDetailsView } from '../listings';

/** schema.org JSON-LD of the public pages (what search engines read for rich results). */

type Thing = Record<string, unknown>;
const CONTEXT = 'https://schema.org';

/**
 * The schema.org type of the home itself, by what the page calls its type (the feed's
 * PropertySubType, else its PropertyType): land is a Place, not a dwelling.
 */
export function residenceType(propertyType: string | null): string {
  const t = (propertyType ?? '').toLowerCase();
  if (t === 'single family residence') return 'SingleFamilyResidence';
  if (/condominium|apartment|stock cooperative|own your own/.test(t)) return 'Apartment';
  if (/townhouse|duplex|triplex|quadruplex|manufactured|mobile|cabin|residential/.test(t)) return 'House';
  if (/land|farm|ranch/.test(t)) return 'Place';
  return 'Accommodation';
}

/** A Data Dictionary StandardStatus as an Offer's availability. */
export function availabilityOf(status: string): string {
  if (status === 'Active') return 'https://schema.org/InStock';
  if (status === 'Closed') return 'https://schema.org/SoldOut';
  if (status === 'Active Under Contract' || status === 'Pending') return 'https://schema.org/LimitedAvailability';
  return 'https://schema.org/Discontinued';
}

const postalAddress = (l: Pick<ListingDetailsView, 'address' | 'city' | 'state' | 'zip'>): Thing =>
  prune({ '@type': 'PostalAddress', streetAddress: l.address, addressLocality: l.city, addressRegion: l.state, postalCode: l.zip, addressCountry: 'US' });

/** Leaves out what is unknown (null or empty): schema.org has no null. */
function prune(o: Thing): Thing {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)));
}

/**
 * RealEstateListing (a WebPage) whose offer is the price and whose main entity is the home
 * (SingleFamilyResidence, Apartment, House…) with its address and point.
 */
export function realEstateListing(l: ListingDetailsView, at: { url: string; name: string; description: string; images: readonly string[] }): Thing {
  const type = residenceType(l.propertyType);
  // Rooms and floor size are an Accommodation's; land has none.
  const dwelling = type !== 'Place';
  const home = prune({
    '@type': type,
    name: at.name,
    address: postalAddress(l),
    geo: l.latitude !== null && l.longitude !== null ? { '@type': 'GeoCoordinates', latitude: l.latitude, longitude: l.longitude } : null,
    numberOfBedrooms: dwelling ? l.beds : null,
    numberOfBathroomsTotal: dwelling ? l.baths : null,
    floorSize: dwelling && l.sqft !== null ? { '@type': 'QuantitativeValue', value: l.sqft, unitCode: 'FTK' } : null,
    image: at.images[0] ?? null,
  });
  return prune({
    '@context': CONTEXT,
    '@type': 'RealEstateListing',
    '@id': `${at.url}#listing`,
    url: at.url,
    name: at.name,
    description: at.description,
    datePosted: l.listDate,
    dateModified: l.modifiedAt,
    image: [...at.images],
    offers: prune({
      '@type': 'Offer',
      url: at.url,
      price: l.price,
      priceCurrency: l.price !== null ? 'USD' : null,
      availability: availabilityOf(l.status),
      businessFunction: l.forRent ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
    }),
    mainEntity: home,
  });
}

/** BreadcrumbList of (name, absolute URL) pairs, the page itself last. */
export function breadcrumbList(crumbs: readonly { name: string; url: string }[]): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

/** RealEstateAgent of an agent's page. */
export function realEstateAgent(a: {
  url: string;
  name: string;
  image: string | null;
  description: string | null;
  email: string;
  telephone: string | null;
  worksFor: string | null;
}): Thing {
  return prune({
    '@context': CONTEXT,
    '@type': 'RealEstateAgent',
    '@id': `${a.url}#agent`,
    url: a.url,
    name: a.name,
    image: a.image,
    description: a.description,
    email: a.email,
    telephone: a.telephone,
    parentOrganization: a.worksFor ? { '@type': 'RealEstateAgent', name: a.worksFor } : null,
  });
}

/** The list of a landing page: an ItemList of the listings' pages. */
export function itemList(url: string, name: string, items: readonly { url: string; name: string }[]): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    '@id': `${url}#list`,
    name,
    numberOfItems: items.length,
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, url: it.url, name: it.name })),
  };
}
