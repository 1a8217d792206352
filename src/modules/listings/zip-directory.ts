import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseCsv } from '../../contract/csv';
import { projectRoot } from '../../shared/paths';

/** One US ZIP Code Tabulation Area (2024 SimpleMaps US Zips, free tier: data/README.md). */
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

/** The directory ships with the product: data/zip-places.csv.gz (data/README.md: provenance). */
export const ZIP_PLACES_FILE = path.join(projectRoot, 'data', 'zip-places.csv.gz');
const HEADER = 'zip,city,county,state,latitude,longitude,population,density';

let loading: Promise<ZipDirectory> | undefined;

/** Parsed on first use (about 34,000 rows, 0.7 MB compressed), then shared by every caller. */
export function loadZipDirectory(): Promise<ZipDirectory> {
  loading ??= readFile(ZIP_PLACES_FILE)
    .then((gz) => {
      const [header, ...rows] = parseCsv(gunzipSync(gz).toString('utf8'), { delimiter: ',' }).records;
      if (header?.fields.join(',') !== HEADER) throw new Error(`${ZIP_PLACES_FILE}: expected the header ${HEADER}`);
      const places: ZipPlace[] = [];
      for (const { fields } of rows) {
        const [zip, city, county, state, latitude, longitude, population, density] = fields;
        places.push({
          zip: zip!,
          city: city!,
          county: county!,
          state: state!,
          latitude: Number(latitude),
          longitude: Number(longitude),
          population: Number(population),
          density: Number(density),
        });
      }
      const byZip = new Map(places.map((place) => [place.zip, place]));
      return { places, get: (zip: string) => byZip.get(zip) };
    })
    .catch((error: unknown) => {
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
