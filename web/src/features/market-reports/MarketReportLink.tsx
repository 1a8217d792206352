import { marketPath } from '../../../../src/contract/market-reports';
import { slugOf } from '../../../../src/contract/public-pages';

/** The link from a city's or zip's page to its market report (an area with listings has one; counties have none). */
export function MarketReportLink({ kind, label }: { kind: 'city' | 'zip' | 'county'; label: string }) {
  if (kind === 'county') return null;
  return (
    <p>
      <a href={marketPath(kind === 'zip' ? label : slugOf(label))}>{label} housing market report</a>
    </p>
  );
}
