import type { ActivityWeek } from './listingActivityApi';
import styles from './ListingActivity.module.css';

const COLUMNS = [
  ['views', 'Views'],
  ['uniqueVisitors', 'Unique visitors'],
  ['favorites', 'Favorites'],
  ['shares', 'Shares'],
  ['showingRequests', 'Showing requests'],
  ['inquiries', 'Inquiries'],
] as const;

/** A listing's weeks as a small bar chart of views and a table of every count (the chart's text equivalent). */
export function ActivityWeeks({ weeks }: { weeks: readonly ActivityWeek[] }) {
  if (weeks.length === 0)
    return <p data-testid="activity-empty">No activity yet: views, favorites, shares, showing requests and inquiries appear here by week.</p>;
  const recent = weeks.slice(-12);
  const most = Math.max(1, ...recent.map((w) => w.views));
  const bar = 24;
  return (
    <div className={styles.weeks}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${recent.length * bar} 100`}
        role="img"
        aria-label={`Views per week over the last ${recent.length} weeks, most ${most}`}
      >
        {recent.map((w, i) => {
          const h = Math.max(1, Math.round((w.views / most) * 96));
          return <rect key={w.week} x={i * bar + 3} y={100 - h} width={bar - 6} height={h} className={styles.bar} />;
        })}
      </svg>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Activity by week">
        <table className={styles.table} data-testid="activity-table">
          <caption className="visually-hidden">Listing activity by week, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {COLUMNS.map(([, label]) => (
                <th scope="col" key={label}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...weeks].reverse().map((w) => (
              <tr key={w.week}>
                <th scope="row" data-label="Week of">
                  {w.week}
                </th>
                {COLUMNS.map(([key, label]) => (
                  <td key={key} data-label={label}>
                    {w[key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
