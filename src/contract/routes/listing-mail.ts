import { z } from 'zod';
import { LISTING_NOTE_MAX, ListingPickSchema, MAX_LISTINGS_PER_EMAIL } from '../listings-push';
import { routes } from '../route';

const TAG = 'Working a lead';
const AGENTS = 'agents, brokers, staff (their scope)';
const LeadParams = z.strictObject({ leadId: z.string() });
const MessageParams = z.strictObject({ messageId: z.string() });
/**
 * Taken whatever its shape: the handler answers a bad token (nothing recorded; a click refused)
 * and a `to` that is not one of our listing pages (400) in its own words.
 */
const lenient = z.string().optional().catch(undefined);

/** Listings an agent e-mails a lead (issue 16), and what comes back from the e-mail: its opening and its clicks. */
export const listingMailRoutes = routes('listingMail', {
  send: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/listings/send',
    summary:
      'E-mail listings to the lead (cards with photo, price, facts and attribution; tracked opens and clicks); 202: recorded, the e-mail goes out from the outbox; a lead who turned e-mail off: 403',
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    body: z.strictObject({
      pdids: z
        .array(z.string().trim().min(1).max(100), { error: 'pdids must list the listings to send' })
        .refine((a) => a.length > 0, { error: 'Pick at least one listing' })
        .refine((a) => a.length <= MAX_LISTINGS_PER_EMAIL, { error: `At most ${MAX_LISTINGS_PER_EMAIL} listings in one e-mail` }),
      note: z.string().max(LISTING_NOTE_MAX).optional(),
      /** Makes a retried request harmless: the same messageId is one e-mail. */
      messageId: z.uuid({ error: 'messageId must be a uuid' }).optional(),
    }),
    responses: { 202: z.strictObject({ messageId: z.string() }) },
  },
  find: {
    method: 'GET',
    path: 'api/dashboard/leads/:leadId/listings/find',
    summary: 'Active listings whose address or MLS number starts with q (at least 2 characters), to pick from',
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    query: z.strictObject({
      q: z
        .string({ error: 'q is required' })
        .trim()
        .max(100)
        .refine((q) => q.length >= 2, { error: 'Type at least 2 characters' }),
    }),
    responses: { 200: z.strictObject({ listings: z.array(ListingPickSchema) }) },
  },
  kept: {
    method: 'GET',
    path: 'api/dashboard/leads/:leadId/listings/kept',
    summary: "The lead's favourites and the homes they viewed last (still listed), to pick from",
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    responses: { 200: z.strictObject({ favorites: z.array(ListingPickSchema), viewed: z.array(ListingPickSchema) }) },
  },
  pixel: {
    method: 'GET',
    path: 'api/listing-mail/:messageId/pixel.gif',
    summary:
      "A listings e-mail's tracking image (?t= its signed token): records the first opening; a GIF whatever the token (429 past 120 a minute per address)",
    tag: TAG,
    access: 'anyone',
    params: MessageParams,
    query: z.object({ t: lenient }),
    produces: 'image/gif',
    responses: { 200: z.unknown() },
  },
  click: {
    method: 'GET',
    path: 'api/listing-mail/:messageId/click',
    summary:
      "A listings e-mail's link (?to=/listing/{pdid}&t= its signed token): records the click, then 302 to the listing (400: not one of our listing pages; 403: a forged token, or a listing the e-mail did not carry)",
    tag: TAG,
    access: 'anyone',
    params: MessageParams,
    query: z.object({ to: lenient, t: lenient }),
    responses: { 302: z.undefined() },
  },
});
