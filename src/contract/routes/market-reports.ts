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
});
