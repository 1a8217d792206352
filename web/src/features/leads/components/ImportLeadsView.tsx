import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CsvError, parseCsv } from '../../../../../src/contract/csv';
import {
  DUPLICATE_POLICIES,
  DUPLICATE_POLICY_LABELS,
  type DuplicatePolicy,
  guessMapping,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportField,
  type ImportSummary,
  resolveMapping,
  rowValues,
  tooLong,
} from '../../../../../src/contract/lead-import';
import { validateInquiry } from '../../../../../src/contract/validate-inquiry';
import { ApiError } from '../../../api/http';
import forms from '../../../ui/forms.module.css';
import type { Agent, Role } from '../../../api/dashboardApi';
import styles from './ImportLeadsView.module.css';
import { type LeadSite, leadIoApi, partialNameAllowed } from '../api/leadIoApi';
import { LeadTargetFields } from './LeadTargetFields';

const PREVIEW_ROWS = 5;
const POLL_MS = 500;

type Parsed = { readonly file: File; readonly header: readonly string[]; readonly rows: readonly { row: number; fields: readonly string[] }[] };
type Stage =
  { readonly kind: 'choose' | 'map' } | { readonly kind: 'running'; readonly importId: string } | { readonly kind: 'done'; readonly summary: ImportSummary };

/**
 * /dashboard?view=import: a CSV of leads, read in the browser with the server's own parser to
 * show its columns, a mapping guessed from the header (each column's first values beside it), a
 * preview of the first rows checked by the inquiry's rules, the duplicate policy, then the import
 * with a progress bar (the server's done of total) and its result with the rejected rows and the
 * per-row report. A failed import can be tried again: it goes on where it stopped.
 */
export function ImportLeadsView({ role, viewerId, agents, onDone }: { role: Role; viewerId: string | null; agents: readonly Agent[]; onDone: () => void }) {
  const id = useId();
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [mapping, setMapping] = useState<Record<string, ImportField | null>>({});
  const [policy, setPolicy] = useState<DuplicatePolicy>('skip');
  const [sites, setSites] = useState<readonly LeadSite[]>([]);
  const [siteId, setSiteId] = useState('');
  const [agentId, setAgentId] = useState('');
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [problem, setProblem] = useState<{ message: string; retry: string | null } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = 'Import leads';
    void leadIoApi.sites().then(
      (r) => setSites(r.sites),
      () => setSites([]),
    );
  }, []);
  useEffect(() => heading.current?.focus(), [stage.kind]);

  // While the import runs, its progress as the server has recorded it.
  useEffect(() => {
    if (stage.kind !== 'running') return;
    const t = setInterval(() => {
      leadIoApi.progress(stage.importId).then(
        (p) => setProgress((cur) => (cur && cur.done > p.done ? cur : { done: p.done, total: p.total })),
        () => undefined, // not recorded yet
      );
    }, POLL_MS);
    return () => clearInterval(t);
  }, [stage]);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setProblem(null);
    setParsed(null);
    if (!file) return;
    if (file.size > IMPORT_LIMITS.maxBytes) return setProblem({ message: IMPORT_MESSAGES.tooLarge, retry: null });
    try {
      const { records } = parseCsv(await file.text());
      const header = (records[0]?.fields ?? []).map((h) => h.trim());
      const rows = records.slice(1);
      if (rows.length === 0) return setProblem({ message: IMPORT_MESSAGES.noRows, retry: null });
      if (rows.length > IMPORT_LIMITS.maxRows) return setProblem({ message: IMPORT_MESSAGES.tooManyRows, retry: null });
      setParsed({ file, header, rows });
      setMapping(guessMapping(header));
      setStage({ kind: 'map' });
    } catch (err) {
      setProblem({ message: err instanceof CsvError ? err.message : IMPORT_MESSAGES.notText, retry: null });
    }
  };

  const resolved = useMemo(() => (parsed ? resolveMapping(parsed.header, mapping) : null), [parsed, mapping]);
  const preview = useMemo(() => {
    if (!parsed || !resolved?.ok) return [];
    return parsed.rows.slice(0, PREVIEW_ROWS).map((r) => {
      const line = rowValues(r.fields, resolved.columns);
      const v = line.values;
      const check =
        tooLong(line) ??
        validateInquiry({ FullName: v.FullName ?? '', Email: v.Email ?? '', Phone: v.Phone ?? '' }, { allowPartialName: partialNameAllowed(sites, siteId) });
      return { row: r.row, name: v.FullName ?? '', email: v.Email ?? '', phone: v.Phone ?? '', tags: line.tags.join(', '), check };
    });
  }, [parsed, resolved, sites, siteId]);

  const run = async (importId: string) => {
    if (!parsed) return;
    setProblem(null);
    setProgress({ done: 0, total: parsed.rows.length });
    setStage({ kind: 'running', importId });
    try {
      const summary = await leadIoApi.importLeads({
        file: parsed.file,
        mapping,
        duplicates: policy,
        importId,
        siteId: siteId || undefined,
        agentId: agentId || undefined,
      });
      setStage({ kind: 'done', summary });
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError('The server cannot be reached', 0);
      // A refusal (4xx but a limit) changes nothing: fix and send again. Anything else may have stopped half way: go on with the same id.
      const resumable = e.status === 0 || e.status >= 500 || e.status === 429;
      setProblem({ message: resumable ? `The import stopped: ${e.message}` : e.message, retry: resumable ? importId : null });
      setStage({ kind: 'map' });
    }
  };

  const restart = () => {
    setParsed(null);
    setProgress(null);
    setProblem(null);
    setStage({ kind: 'choose' });
  };

  return (
    <section className={styles.view} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Import leads
      </h1>

      {stage.kind === 'choose' && (
        <div className={forms.form}>
          <p className={styles.intro}>
            A CSV file with a header row (comma or semicolon separated, UTF-8), up to 10 MB and 50,000 rows: each row becomes a lead of yours, source “import”.
            Imported people get no texts until they agree on your site.
          </p>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-file`}>
              CSV file
            </label>
            <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} />
          </div>
        </div>
      )}

      {problem && (
        <div className={forms.error} role="alert">
          <p className={styles.flat}>{problem.message}</p>
          {problem.retry && (
            <button type="button" className="btn" onClick={() => void run(problem.retry!)}>
              Try again (go on where it stopped)
            </button>
          )}
        </div>
      )}

      {stage.kind === 'map' && parsed && (
        <div className={forms.form}>
          <p className={styles.intro}>
            {parsed.file.name}: {parsed.rows.length.toLocaleString('en-US')} rows. Choose what each column is; columns set to “Don’t import” are left out.
          </p>
          <fieldset className={styles.columns}>
            <legend className={styles.legend}>Columns</legend>
            {parsed.header.map((column, i) => {
              const sample = parsed.rows.map((r) => r.fields[i]?.trim()).find(Boolean) ?? '';
              return (
                <div key={`${i}-${column}`} className={styles.column}>
                  <label htmlFor={`${id}-col-${i}`} className={styles.columnName}>
                    {column || `Column ${i + 1}`}
                    <span className={styles.sample}>{sample ? `e.g. ${sample}` : 'empty in the first rows'}</span>
                  </label>
                  <select
                    id={`${id}-col-${i}`}
                    className={forms.input}
                    value={mapping[column] ?? ''}
                    onChange={(e) => setMapping((m) => ({ ...m, [column]: (e.target.value || null) as ImportField | null }))}
                  >
                    <option value="">Don’t import</option>
                    {IMPORT_FIELDS.map((f) => (
                      <option key={f} value={f}>
                        {IMPORT_FIELD_LABELS[f]}
                      </option>
                    ))}
                  </select>
                </div>
              );
            })}
          </fieldset>
          {resolved && !resolved.ok && (
            <p className={forms.error} role="alert">
              {resolved.message}
            </p>
          )}

          {preview.length > 0 && (
            <div className={styles.tableWrap} role="region" aria-labelledby={`${id}-preview`} tabIndex={0}>
              <table className={styles.table}>
                <caption id={`${id}-preview`}>The first {preview.length} rows as they will be imported</caption>
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Tags</th>
                    <th scope="col">Check</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.map((p) => (
                    <tr key={p.row}>
                      <td>{p.row}</td>
                      <td>{p.name}</td>
                      <td>{p.email}</td>
                      <td>{p.phone}</td>
                      <td>{p.tags}</td>
                      <td className={p.check ? styles.bad : styles.good}>{p.check ?? 'Ready'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          <fieldset className={styles.policies}>
            <legend className={styles.legend}>When a row’s e-mail or phone is already a lead of your office (or an earlier row)</legend>
            {DUPLICATE_POLICIES.map((p) => (
              <label key={p} className={forms.check}>
                <input type="radio" name={`${id}-policy`} value={p} checked={policy === p} onChange={() => setPolicy(p)} />
                <span>{DUPLICATE_POLICY_LABELS[p]}</span>
              </label>
            ))}
          </fieldset>
          <LeadTargetFields
            sites={sites}
            role={role}
            agents={agents}
            viewerId={viewerId}
            siteId={siteId}
            onSite={setSiteId}
            agentId={agentId}
            onAgent={setAgentId}
          />
          <div className={forms.actions}>
            <button type="button" className="btn btn-primary" disabled={!resolved?.ok} onClick={() => void run(crypto.randomUUID())}>
              Import {parsed.rows.length.toLocaleString('en-US')} rows
            </button>
            <button type="button" className="btn" onClick={restart}>
              Choose another file
            </button>
          </div>
        </div>
      )}

      {stage.kind === 'running' && progress && (
        <div className={forms.form}>
          <label htmlFor={`${id}-progress`} className={forms.label}>
            Importing…
          </label>
          <progress id={`${id}-progress`} className={styles.progress} max={progress.total} value={progress.done} />
          <p className={styles.flat} role="status" aria-live="polite">
            {progress.done.toLocaleString('en-US')} of {progress.total.toLocaleString('en-US')} rows
          </p>
        </div>
      )}

      {stage.kind === 'done' && <ImportResult summary={stage.summary} onDone={onDone} onAnother={restart} />}
    </section>
  );
}

function ImportResult({ summary: s, onDone, onAnother }: { summary: ImportSummary; onDone: () => void; onAnother: () => void }) {
  const id = useId();
  return (
    <div className={forms.form}>
      <p className={forms.success} role="status">
        {s.imported.toLocaleString('en-US')} imported, {s.duplicates.toLocaleString('en-US')} duplicate{s.duplicates === 1 ? '' : 's'}
        {s.merged ? ` (${s.merged.toLocaleString('en-US')} merged)` : ''}, {s.rejected.toLocaleString('en-US')} rejected, of {s.total.toLocaleString('en-US')}{' '}
        rows.
      </p>
      {s.errors.length > 0 && (
        <div className={styles.tableWrap} role="region" aria-labelledby={`${id}-errors`} tabIndex={0}>
          <table className={styles.table}>
            <caption id={`${id}-errors`}>
              Rejected rows{s.errors.length < s.rejected ? ` (the first ${s.errors.length.toLocaleString('en-US')}; the report has all)` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {s.errors.map((e) => (
                <tr key={e.row}>
                  <td>{e.row}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={forms.actions}>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Show my leads
        </button>
        {s.imported < s.total && (
          <a className="btn" href={leadIoApi.reportUrl(s.importId)} download>
            Download the report (CSV)
          </a>
        )}
        <button type="button" className="btn" onClick={onAnother}>
          Import another file
        </button>
      </div>
    </div>
  );
}
