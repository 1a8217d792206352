import { z } from 'zod';
import { parseEmail } from '../email';
import { routes } from '../route';

const isValidEmailInput = (v: string) => parseEmail(v) !== null;

const TAG = 'Listing activity';

const PdidParams = z.strictObject({ pdid: z.string().min(1).max(100) });

export const ListingActivityWeekSchema = z.strictObject({
  /** The ISO week's Monday, "2026-03-02". */
  week: z.string(),
  /** RESO InternetTracking DetailedView. */
  views: z.number(),
  uniqueVisitors: z.number(),
  /** RESO InternetTracking Favorited. */
  favorites: z.number(),
  /** RESO InternetTracking Share. */
  shares: z.number(),
  showingRequests: z.number(),
  /** RESO InternetTracking SubmissionOfLeadForm. */
  inquiries: z.number(),
});

export const ListingActivitySchema = z.strictObject({
  pdid: z.string(),
  address: z.string().nullable(),
  weeks: z.array(ListingActivityWeekSchema),
});

export const SELLER_NAME_MAX = 100;
export const SELLER_NOTE_MAX = 1000;

/** The agent's "E-mail it to the seller": `sendId` (the form's own id) makes a retried request the same e-mail. */
export const ReportMailBody = z.strictObject({
  sendId: z.uuid({ error: 'sendId must be a uuid' }),
  sellerName: z
    .string()
    .trim()
    .refine((v) => v.length > 0, { error: "Please enter the seller's name" })
    .refine((v) => v.length <= SELLER_NAME_MAX, { error: `A name has at most ${SELLER_NAME_MAX} characters` })
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { error: 'A name is one line' }),
  sellerEmail: z.string().refine(isValidEmailInput, { error: 'Please enter a valid e-mail address' }),
  note: z.string().max(SELLER_NOTE_MAX).optional(),
});

export const ReportMailSchema = z.strictObject({
  sendId: z.string(),
  sellerName: z.string(),
  sellerEmail: z.string(),
  byName: z.string(),
  /** When the agent sent it. */
  at: z.string(),
  /** 'pending' until it went out; 'sent'; 'undeliverable' (the address bounced or complained); 'failed' after a day of failed tries; 'dropped'. */
  state: z.string(),
  /** The seller was forgotten (by the agent, an erasure or retention): name and address read as erased. */
  erased: z.boolean(),
});

export const listingActivityRoutes = routes('listingActivity', {
  activity: {
    method: 'GET',
    path: 'api/dashboard/listings/:pdid/activity',
    summary:
      "A listing's traffic by ISO week, oldest first: views, unique signed-in visitors, favourites, shares, showing requests and inquiries; 404 for a listing outside the viewer's scope",
    tag: TAG,
    access: "the listing's agent, their broker, staff",
    params: PdidParams,
    responses: { 200: ListingActivitySchema },
  },
  sellerLink: {
    method: 'POST',
    path: 'api/dashboard/listings/:pdid/activity/link',
    summary: "A signed link (30 days) to a public read-only page of the listing's activity, for the seller; 404 for a listing outside the viewer's scope",
    tag: TAG,
    access: "the listing's agent, their broker, staff",
    params: PdidParams,
    body: z.strictObject({}),
    responses: { 200: z.strictObject({ path: z.string(), expiresAt: z.string() }) },
  },
  sellerReport: {
    method: 'GET',
    path: 'api/listing-report/:token',
    summary: "A listing's activity by week, read-only, by the signed link its agent sent the seller; 404 for a forged or expired link",
    tag: TAG,
    access: 'anyone',
    params: z.strictObject({ token: z.string().max(300) }),
    responses: { 200: ListingActivitySchema },
  },
  sellerMail: {
    method: 'POST',
    path: 'api/dashboard/listings/:pdid/activity/mail',
    summary:
      "E-mails the seller (any address, not only a lead's) a signed link (30 days) to the listing's read-only activity report, with the agent's note; the same sendId again sends nothing more; 404 for a listing outside the viewer's scope, 409 for an address that bounced, 429 past the agent's hourly limit",
    tag: TAG,
    access: "the listing's agent, their broker, staff",
    params: PdidParams,
    body: ReportMailBody,
    responses: { 200: z.strictObject({ sendId: z.string() }) },
  },
  sellerMails: {
    method: 'GET',
    path: 'api/dashboard/listings/:pdid/activity/mails',
    summary: "The reports e-mailed to the listing's seller, newest first: to whom, by whom, when, and whether each went out",
    tag: TAG,
    access: "the listing's agent, their broker, staff",
    params: PdidParams,
    responses: { 200: z.strictObject({ mails: z.array(ReportMailSchema) }) },
  },
  forgetSeller: {
    method: 'POST',
    path: 'api/dashboard/listings/:pdid/activity/mails/:sendId/forget',
    summary:
      "Forgets the seller of a report e-mailed from the listing: the send's key is destroyed, so its name, address and note read as erased everywhere; again answers the same; 404 for a send not on a listing in the viewer's scope",
    tag: TAG,
    access: "the listing's agent, their broker, staff",
    params: z.strictObject({ pdid: z.string().min(1).max(100), sendId: z.uuid({ error: 'sendId must be a uuid' }) }),
    body: z.strictObject({}),
    responses: { 200: z.strictObject({ erased: z.literal(true) }) },
  },
});
