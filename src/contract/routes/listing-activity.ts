import { z } from 'zod';
import { routes } from '../route';

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
});
