type PerDay = readonly { readonly day: string; readonly formId: string; readonly leads: number }[];

const W = 600;
const H = 120;

/** The last `days` UTC days, oldest first, as YYYY-MM-DD. */
function lastDays(days: number, now = new Date()): string[] {
  return Array.from({ length: days }, (_, i) => new Date(now.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** Leads per day (all forms together) as bars; the table beside it carries the same numbers for screen readers and copying. */
export function LeadsPerDayChart({ perDay, days }: { readonly perDay: PerDay; readonly days: number }) {
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
