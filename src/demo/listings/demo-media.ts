import { hashString } from '../../shared/prng';
import type { ResoMedia, ResoRecord } from '../../modules/listings/reso-record';

/** How many illustrations exist; the photo route serves /demo-photos/0.svg to 999.svg. */
export const DEMO_PHOTO_COUNT = 1000;

/**
 * The demo feeds have no photos; galleries must work offline, so every demo listing gets 3 to 8
 * illustrations served by this product itself, chosen from its ListingKey (same key, same photos).
 */
export function demoMedia(listingKey: string): ResoMedia[] {
  const h = hashString(listingKey);
  const count = 3 + (h % 6);
  const first = (h >>> 3) % DEMO_PHOTO_COUNT;
  return Array.from({ length: count }, (_, i) => ({ MediaURL: `/demo-photos/${(first + i * 37) % DEMO_PHOTO_COUNT}.svg`, Order: i + 1 }));
}

export const withDemoMedia = (record: ResoRecord): ResoRecord => ({ ...record, Media: demoMedia(record.ListingKey) });
