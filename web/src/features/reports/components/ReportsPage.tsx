import { useEffect, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ApiError, isAbort } from '../../../api/http';
import type { Agent, Role } from '../../../api/dashboardApi';
import { type Column, ReportTable } from './ReportTable';
import { duration, type Report, reportsApi } from '../api/reportsApi';
import styles from './ReportsPage.module.css';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

const day = (d: Date) => d.toISOString().slice(0, 10);
const PERIODS = [
  { key: '4w', label: 'Last 4 weeks', days: 28 },
  { key: '12w', label: 'Last 12 weeks', days: 84 },
  { key: '26w', label: 'Last 26 weeks', days: 182 },
  { key: '52w', label: 'Last 52 weeks', days: 364 },
] as const;

/**
 * A bar chart for sighted users; the table beside it carries the same figures for everyone, so
 * the chart is hidden from screen readers and kept out of the tab order (no accessibility layer).
 */
function Bars({ data, label }: { data: readonly { name: string; count: number }[]; label: string }) {
  return (
    <div className={styles.chart} aria-hidden="true">
      <ResponsiveContainer width="100%" height={220}>
        <BarChart accessibilityLayer={false} data={[...data]} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="count" name={label} fill="var(--accent, #1f5fbf)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

const sourceCols: Column<Report['newLeadsBySource'][number]>[] = [
  { label: 'Source', value: (r) => r.source },
  { label: 'New leads', value: (r) => r.count, numeric: true },
];
/** A week's first day within the period: the period's first week begins on its first day, not the Monday before it. */
const periodWeek = (monday: string, from: string): string => (monday < from ? from : monday);

const weekCols = (from: string): Column<Report['newLeadsByWeek'][number]>[] => [
  { label: 'Week of', value: (r) => periodWeek(r.week, from) },
  { label: 'New leads', value: (r) => r.count, numeric: true },
];
const stageCols = (total: number): Column<Report['stagesReached'][number]>[] => [
  { label: 'Stage', value: (r) => r.stage },
  { label: 'Leads that reached it', value: (r) => r.count, numeric: true },
  { label: 'Share of new leads', value: (r) => (total ? `${Math.round((r.count / total) * 100)}%` : '—'), numeric: true },
];
const agentCols: Column<Report['perAgent'][number]>[] = [
  { label: 'Agent', value: (r) => r.fullName || r.agentId },
  { label: 'New leads', value: (r) => r.leads, numeric: true },
  { label: 'Contacted', value: (r) => r.contacted, numeric: true },
  { label: 'Median to first contact', value: (r) => duration(r.medianSeconds), numeric: true },
  { label: '90th percentile', value: (r) => duration(r.p90Seconds), numeric: true },
  { label: 'Tasks done', value: (r) => r.tasksDone, numeric: true },
  { label: 'Tasks overdue', value: (r) => r.tasksOverdue, numeric: true },
];
type Undelivered = Report['undelivered'];
const notDelivered = { texts: 'Texts not delivered', emails: 'E-mails bounced' } as const;
const officeUndeliveredCols: Column<Undelivered['perOffice'][number]>[] = [
  { label: 'Office', value: (r) => r.officeName || r.officeId },
  { label: notDelivered.texts, value: (r) => r.texts, numeric: true },
  { label: notDelivered.emails, value: (r) => r.emails, numeric: true },
];
const agentUndeliveredCols: Column<Undelivered['perAgent'][number]>[] = [
  { label: 'Agent', value: (r) => r.fullName || r.agentId },
  { label: notDelivered.texts, value: (r) => r.texts, numeric: true },
  { label: notDelivered.emails, value: (r) => r.emails, numeric: true },
];

/**
 * Messages of the period that never reached their lead (the carrier's undelivered or failed
 * texts, the relay's bounces and complaints): per office for staff, per agent for a broker.
 */
function UndeliveredCard({ role, undelivered, to }: { role: Role; undelivered: Undelivered; to: string }) {
  const none = undelivered.texts + undelivered.emails === 0;
  return (
    <article className={`${styles.card} ${styles.wide}`} aria-labelledby="r-undelivered">
      <h2 id="r-undelivered">Messages not delivered</h2>
      {none ? (
        <p>Every text and e-mail of the period was delivered, as far as the carriers and the mail relay reported.</p>
      ) : (
        <>
          {role === 'staff' && (
            <ReportTable
              caption="Not delivered, by office"
              columns={officeUndeliveredCols}
              rows={undelivered.perOffice}
              file={`not-delivered-by-office-${to}.csv`}
            />
          )}
          {role !== 'agent' && (
            <ReportTable
              caption="Not delivered, by agent"
              columns={agentUndeliveredCols}
              rows={undelivered.perAgent}
              file={`not-delivered-by-agent-${to}.csv`}
            />
          )}
          {role === 'agent' && <p>Open a lead's conversation to see which of your messages did not arrive and why.</p>}
        </>
      )}
    </article>
  );
}

/**
 * /dashboard?view=reports: how fast leads are worked and how far they get. An agent sees their
 * own leads; a broker the office with a line per agent (and can look at one agent); staff all.
 */
export function ReportsPage({ role, agents }: { role: Role; agents: readonly Agent[] }) {
  const [period, setPeriod] = useState<(typeof PERIODS)[number]['key']>('12w');
  const [agentId, setAgentId] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);

  useDocumentTitle('Reports · Dashboard');

  useEffect(() => {
    const days = PERIODS.find((p) => p.key === period)!.days;
    const to = new Date();
    const from = new Date(to.getTime() - (days - 1) * 86_400_000);
    setError(null);
    reportsApi.report({ from: day(from), to: day(to), agentId: agentId || undefined }).then(setReport, (err: unknown) => {
      if (!isAbort(err)) setError(err instanceof ApiError ? err.message : 'The report could not be loaded');
    });
  }, [period, agentId]);

  const fc = report?.firstContact;
  return (
    <section className={styles.page} aria-labelledby="reports-title">
      <div className={styles.head}>
        <h1 id="reports-title">Reports</h1>
        <div className={styles.controls}>
          <label>
            Period{' '}
            <select value={period} onChange={(e) => setPeriod(e.target.value as typeof period)}>
              {PERIODS.map((p) => (
                <option key={p.key} value={p.key}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          {role !== 'agent' && agents.length > 0 && (
            <label>
              Agent{' '}
              <select value={agentId} onChange={(e) => setAgentId(e.target.value)}>
                <option value="">{role === 'staff' ? 'Everyone' : 'Whole office'}</option>
                {agents.map((a) => (
                  <option key={a.userId} value={a.userId}>
                    {a.fullName}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      </div>
      {error && <p role="alert">{error}</p>}
      {!report && !error && <p aria-live="polite">Loading the report…</p>}
      {report && fc && (
        <>
          <p className={styles.period}>
            {report.from} to {report.to} (UTC days)
          </p>
          <dl className={styles.tiles}>
            <div>
              <dt>New leads</dt>
              <dd>{fc.total}</dd>
            </div>
            <div>
              <dt>Contacted</dt>
              <dd>
                {fc.contacted}
                {fc.total > 0 && <small> ({Math.round((fc.contacted / fc.total) * 100)}%)</small>}
              </dd>
            </div>
            <div>
              <dt>Median time to first contact</dt>
              <dd>{duration(fc.medianSeconds)}</dd>
            </div>
            <div>
              <dt>90th percentile</dt>
              <dd>{duration(fc.p90Seconds)}</dd>
            </div>
            <div>
              <dt>Tasks done</dt>
              <dd>{report.tasks.done}</dd>
            </div>
            <div>
              <dt>Tasks overdue</dt>
              <dd>{report.tasks.overdue}</dd>
            </div>
            <div>
              <dt>{notDelivered.texts}</dt>
              <dd>{report.undelivered.texts}</dd>
            </div>
            <div>
              <dt>{notDelivered.emails}</dt>
              <dd>{report.undelivered.emails}</dd>
            </div>
          </dl>
          <div className={styles.grid}>
            <article className={styles.card} aria-labelledby="r-week">
              <h2 id="r-week">New leads by week</h2>
              <Bars data={report.newLeadsByWeek.map((r) => ({ name: periodWeek(r.week, report.from).slice(5), count: r.count }))} label="New leads" />
              <ReportTable
                caption="New leads by week"
                columns={weekCols(report.from)}
                rows={report.newLeadsByWeek}
                file={`new-leads-by-week-${report.to}.csv`}
              />
            </article>
            <article className={styles.card} aria-labelledby="r-source">
              <h2 id="r-source">New leads by source</h2>
              <Bars data={report.newLeadsBySource.map((r) => ({ name: r.source, count: r.count }))} label="New leads" />
              <ReportTable caption="New leads by source" columns={sourceCols} rows={report.newLeadsBySource} file={`new-leads-by-source-${report.to}.csv`} />
            </article>
            <article className={styles.card} aria-labelledby="r-stage">
              <h2 id="r-stage">How far leads got</h2>
              <Bars data={report.stagesReached.map((r) => ({ name: r.stage, count: r.count }))} label="Leads that reached it" />
              <ReportTable
                caption="Leads that reached each stage"
                columns={stageCols(fc.total)}
                rows={report.stagesReached}
                file={`stages-reached-${report.to}.csv`}
              />
            </article>
            {role !== 'agent' && !agentId && (
              <article className={`${styles.card} ${styles.wide}`} aria-labelledby="r-agent">
                <h2 id="r-agent">Speed to lead by agent</h2>
                <ReportTable caption="Speed to lead by agent" columns={agentCols} rows={report.perAgent} file={`speed-to-lead-by-agent-${report.to}.csv`} />
              </article>
            )}
            <UndeliveredCard role={role} undelivered={report.undelivered} to={report.to} />
          </div>
        </>
      )}
    </section>
  );
}
