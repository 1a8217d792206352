import type pg from 'pg';
import { marketMonths } from '../../../../projections/market-stats';
import type { MarketSubscription } from '../../../../projections/market-subscribers';
import type { MarketMonth } from '../../../contract/market-reports';
import { marketPath } from '../../../contract/market-reports';

/** An area's figures for the monthly e-mail: its last full month before the sending month, and the one before it (null when there is none). */
export type MarketMonthFacts = {
  readonly slug: string;
  readonly label: string;
  readonly path: string;
  readonly month: MarketMonth;
  readonly before: MarketMonth | null;
};

/**
 * The figures of each area a lead subscribed to, as of the month the e-mail is for (`YYYY-MM`):
 * the last month before it that the report holds, against the month before that. An area that
 * no longer has a report is left out.
 */
export async function marketReportFacts(db: pg.Pool, areas: readonly MarketSubscription[], sendMonth: string): Promise<MarketMonthFacts[]> {
  const found = await Promise.all(
    areas.map(async (a) => {
      const report = await marketMonths(db, { kind: a.kind, slug: a.slug });
      const months = (report?.months ?? []).filter((m) => m.month < sendMonth);
      const month = months.at(-1);
      return month ? { slug: a.slug, label: report!.label, path: marketPath(a.slug), month, before: months.at(-2) ?? null } : null;
    }),
  );
  return found.filter((f) => f !== null);
}
