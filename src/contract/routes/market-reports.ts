import { z } from 'zod';
import { MarketReportSchema } from '../market-reports';
import { Done, oneOf } from '../fields';
import { routes } from '../route';

const StopToken = z.string({ error: 'The link is not complete' }).min(1, { error: 'The link is not complete' }).max(600, { error: 'The link is not valid' });

/** Market reports (/market/{city-or-zip}): public. */
export const marketReportsRoutes = routes('marketReports', {
  report: {
    method: 'GET',
    path: 'api/market',
    summary:
      'The market report of a city or zip (its page address, /market/seattle or /market/98103): per month, median sold price, price per square foot and days on market, homes sold, new listings, active inventory at month end and months of supply',
    tag: 'search',
    access: 'anyone',
    query: z.object({ path: z.string().max(300) }),
    responses: { 200: MarketReportSchema },
  },
  subscribe: {
    method: 'POST',
    path: 'api/market/subscribe',
    summary:
      'Subscribes the signed-in lead (the "Subscribe monthly" form\'s inquiry made them one) to an area\'s report every month by e-mail (its page address); once per area; 404 for an area with no report',
    tag: 'search',
    access: 'signed in',
    body: z.strictObject({ path: z.string({ error: 'path must be text' }).max(300, { error: 'path is too long' }) }),
    responses: { 200: z.strictObject({ label: z.string() }) },
  },
  stopAreas: {
    method: 'GET',
    path: 'api/market-reports/unsubscribe/areas',
    summary: "The areas a monthly market e-mail's stop link names, and whether the lead still gets each; 404 for a forged link",
    tag: 'search',
    access: 'anyone',
    query: z.strictObject({ t: StopToken }),
    responses: { 200: z.strictObject({ areas: z.array(z.strictObject({ slug: z.string(), label: z.string(), subscribed: z.boolean() })) }) },
  },
  stop: {
    method: 'POST',
    path: 'api/market-reports/unsubscribe/areas',
    summary:
      "Stops the monthly report of the areas the e-mail's link names (the page's button), that area only: the lead's other e-mail goes on; 404 for a forged link",
    tag: 'search',
    access: 'anyone',
    body: z.strictObject({ t: StopToken }),
    responses: { 200: Done },
  },
  oneClick: {
    method: 'POST',
    path: 'api/market-reports/unsubscribe',
    summary: "RFC 8058 one-click unsubscribe of a monthly market e-mail, posted by the mail provider: stops that e-mail's areas only",
    tag: 'search',
    access: 'anyone',
    query: z.strictObject({ t: StopToken }),
    consumes: 'application/x-www-form-urlencoded',
    // A provider may post other fields too: only this one is read.
    body: z.object({ 'List-Unsubscribe': oneOf(['One-Click'] as const, 'Expected List-Unsubscribe=One-Click') }),
    responses: { 200: Done },
  },
});
