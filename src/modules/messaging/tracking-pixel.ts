import type { Response } from 'express';

// The smallest transparent GIF: 1×1, one colour.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * For the addresses our e-mails carry (tracking images, signed links): their tokens ride in the
 * address, so nobody keeps the answers, and the page a link goes to is not told where the
 * visitor came from.
 */
export const TRACKED_LINK_HEADERS = { 'Cache-Control': 'no-store, private', 'Referrer-Policy': 'no-referrer' } as const;

/** An e-mail's 1×1 tracking image, whatever its token said: a bad one only records nothing. */
export function sendTrackingPixel(res: Response): void {
  res
    .status(200)
    .set({ ...TRACKED_LINK_HEADERS, 'Content-Type': 'image/gif', 'Content-Length': String(PIXEL.length) })
    .end(PIXEL);
}
