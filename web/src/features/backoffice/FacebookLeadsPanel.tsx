import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/contract-client';
import type { ResponseOf } from '../../../../src/contract/route';
import { contract } from '../../../../src/contract/routes';
import { usePolled } from '../../ui/usePolled';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable';
import { when } from './backofficeFormat';

type Stats = ResponseOf<typeof contract.facebook.stats>;
const REFRESH_MS = 30_000;
const RANGES = [7, 30, 90] as const;

/**
 * The spec's "ppc: facebook leads and forms": the leads Facebook lead ads brought, per form
 * (with its office, page and the source they were filed under) and per day, over a chosen range.
 */
export function FacebookLeadsPanel() {
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const { data, error, load } = usePolled((): Promise<Stats> => api(contract.facebook.stats, { query: { days } }), REFRESH_MS);
  // The poll loads on its own at first; a range chosen after loads at once.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else load();
  }, [days, load]);
  const total = data?.forms.reduce((n, f) => n + f.leads, 0) ?? 0;

  return (
    <section className={styles.card} aria-labelledby="fb-leads-title">
      <div className={styles.filters}>
        <h2 id="fb-leads-title" className={styles.sectionTitle} style={{ margin: 0 }}>
          Facebook leads
        </h2>
        <label className={styles.small}>
          Range{' '}
          <select value={days} onChange={(e) => setDays(Number(e.target.value) as (typeof RANGES)[number])}>
            {RANGES.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </label>
        {data && <span className={`${styles.small} ${styles.muted}`}>{total} leads from lead ads</span>}
      </div>
      {error && <p className={styles.error}>{error}</p>}
      {!data && !error && (
        <p className={styles.empty} aria-busy="true">
          Loading…
        </p>
      )}
      {data && data.forms.length === 0 && <p className={styles.empty}>No lead from Facebook lead ads in the last {data.days} days.</p>}
      {data && data.forms.length > 0 && (
        <>
          <LeadsPerDayChart perDay={data.perDay} days={data.days} />
          <DataTable label="Facebook leads per form" columns={['Form', 'Source', 'Page', 'Office', { label: 'Leads', num: true }, 'Last lead']}>
            {data.forms.map((f) => (
              <tr key={`${f.pageId}-${f.formId}`} data-form={f.formId}>
                <td>{f.formName}</td>
                <td>{f.source}</td>
                <td className={styles.mono}>{f.pageId}</td>
                <td className={styles.mono}>{f.officeId.slice(0, 8)}</td>
                <td className={styles.num}>{f.leads}</td>
                <td className={styles.small}>{when(f.lastAt)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}

type PerDay = readonly { readonly day: string; readonly formId: string; readonly leads: number }[];

const W = 600;
const H = 120;

/** The last `days` UTC days, oldest first, as YYYY-MM-DD. */
function lastDays(days: number, now = new Date()): string[] {
  return Array.from({ length: days }, (_, i) => new Date(now.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** Leads per day (all forms together) as bars; the table beside it carries the same numbers for screen readers and copying. */
function LeadsPerDayChart({ perDay, days }: { readonly perDay: PerDay; readonly days: number }) {
  const totals = new Map<string, number>();
  for (const d of perDay) totals.set(d.day, (totals.get(d.day) ?? 0) + d.leads);
  const axis = lastDays(days);
  const max = Math.max(1, ...totals.values());
  const step = W / axis.length;
  const busiest = [...totals.entries()].sort((a, b) => b[1] - a[1])[0];
  return (
    <figure style={{ margin: '0 0 12px' }}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        height={H}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Leads per day over the last ${days} days${busiest ? `; the busiest day, ${busiest[0]}, had ${busiest[1]}` : ''}`}
      >
        <line x1={0} y1={H - 1} x2={W} y2={H - 1} stroke="var(--line-strong)" />
        {axis.map((day, i) => {
          const n = totals.get(day) ?? 0;
          const h = (n / max) * (H - 8);
          return n ? (
            <rect key={day} data-day={day} x={i * step + step * 0.15} y={H - 1 - h} width={step * 0.7} height={h} fill="var(--brand)">
              <title>{`${day}: ${n}`}</title>
            </rect>
          ) : null;
        })}
      </svg>
      <figcaption className="visually-hidden">Leads per day, all forms</figcaption>
    </figure>
  );
}
