import { z } from 'zod';
import { MarketReportSchema } from '../market-reports';
import { routes } from '../route';

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
});
