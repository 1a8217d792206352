import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { OfficePicker, useStaffOffice } from '../../../ui/OfficePicker';
import { pipelineApi, type StageMove } from '../api/pipelineApi';
import { SaidAndRefused } from '../../../ui/SaidAndRefused';
import styles from './PipelinePanel.module.css';

type Row = { readonly key: number; readonly was: string | null; readonly name: string };
const MAX_STAGES = 20;
const MAX_NAME = 40;

let nextKey = 0;
const rowsOf = (stages: readonly string[]): Row[] => stages.map((name) => ({ key: nextKey++, was: name, name }));

/**
 * The broker's pipeline: stages in board order (new leads start in the first), renamed in place
 * (its leads go with the new name), moved up and down, added and removed. A stage that still
 * holds leads goes only with a stage chosen for them.
 */
export function PipelinePanel({ role }: { readonly role: 'agent' | 'broker' | 'staff' }) {
  const id = useId();
  const [office, setOffice] = useStaffOffice();
  // Staff edit the pipeline of the office they choose; without one there is none to edit.
  const needsOffice = role === 'staff' && !office;
  const [rows, setRows] = useState<Row[] | null>(null);
  const [counts, setCounts] = useState<Readonly<Record<string, number>>>({});
  const [saved, setSaved] = useState<readonly string[]>([]);
  const [destination, setDestination] = useState<Readonly<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const load = useCallback(() => {
    if (needsOffice) {
      setRows(null);
      return;
    }
    pipelineApi.pipeline(office).then(
      (p) => {
        setRows(rowsOf(p.stages));
        setSaved(p.stages);
        setCounts(p.counts);
        setDestination({});
      },
      (err: unknown) => setError(err instanceof ApiError ? err.message : 'The pipeline could not be loaded'),
    );
  }, [office, needsOffice]);
  const picker = role === 'staff' && <OfficePicker value={office} onChange={setOffice} none="Choose an office" />;
  useEffect(load, [load]);

  if (!rows) {
    return (
      <section className={styles.panel} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Pipeline</h1>
        {picker}
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : (
          <p>{needsOffice ? 'Choose the office whose pipeline to edit.' : 'Loading…'}</p>
        )}
      </section>
    );
  }

  const kept = new Set(rows.flatMap((r) => (r.was ? [r.was] : [])));
  const removed = saved.filter((s) => !kept.has(s));
  const names = rows.map((r) => r.name.trim()).filter(Boolean);
  const change = (key: number, name: string) => setRows(rows.map((r) => (r.key === key ? { ...r, name } : r)));
  const shift = (i: number, by: -1 | 1) => {
    const next = [...rows];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setRows(next);
    setStatus(`${rows[i]!.name || 'Stage'} moved ${by < 0 ? 'up' : 'down'} to place ${i + by + 1}.`);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setStatus('');
    const stages = rows.map((r) => r.name.trim());
    const moves: StageMove[] = [
      ...rows.flatMap((r) => (r.was && r.was !== r.name.trim() ? [{ from: r.was, to: r.name.trim() }] : [])),
      ...removed.flatMap((s) => (destination[s] ? [{ from: s, to: destination[s]! }] : [])),
    ];
    setBusy(true);
    try {
      const r = await pipelineApi.savePipeline(stages, moves, office);
      setRows(rowsOf(r.settings.stages));
      setSaved(r.settings.stages);
      setDestination({});
      setStatus('Pipeline saved. Leads of renamed or removed stages are moving to their new stage.');
      void pipelineApi.pipeline(office).then(
        (p) => setCounts(p.counts),
        () => undefined,
      );
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The pipeline could not be saved');
      // Leads may have moved since the panel opened: the counts beside the stages say how many now.
      void pipelineApi.pipeline(office).then(
        (p) => setCounts(p.counts),
        () => undefined,
      );
    }
    setBusy(false);
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Pipeline</h1>
      {picker}
      <p className={styles.intro}>
        The stages of your office's board, in order. New leads start in the first stage; renaming a stage moves its leads to the new name. Up to {MAX_STAGES}{' '}
        stages of up to {MAX_NAME} characters, each name once.
      </p>
      <form onSubmit={(e) => void save(e)}>
        <ol className={styles.rows}>
          {rows.map((r, i) => {
            const label = r.name.trim() || `stage ${i + 1}`;
            const n = r.was ? (counts[r.was] ?? 0) : 0;
            return (
              <li key={r.key} className={styles.row} data-testid="pipeline-stage">
                <label htmlFor={`${id}-s${r.key}`} className="visually-hidden">
                  Stage {i + 1} name
                </label>
                <input id={`${id}-s${r.key}`} value={r.name} maxLength={MAX_NAME} required onChange={(e) => change(r.key, e.target.value)} />
                <span className={styles.count}>
                  {n} {n === 1 ? 'lead' : 'leads'}
                  {r.was && r.was !== r.name.trim() ? ` · was ${r.was}` : ''}
                </span>
                <span className={styles.buttons}>
                  <button type="button" className="btn" aria-label={`Move ${label} up`} disabled={i === 0} onClick={() => shift(i, -1)}>
                    ↑
                  </button>
                  <button type="button" className="btn" aria-label={`Move ${label} down`} disabled={i === rows.length - 1} onClick={() => shift(i, 1)}>
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn"
                    aria-label={`Remove ${label}`}
                    disabled={rows.length === 1}
                    onClick={() => setRows(rows.filter((x) => x.key !== r.key))}
                  >
                    Remove
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
        <button type="button" className="btn" disabled={rows.length >= MAX_STAGES} onClick={() => setRows([...rows, { key: nextKey++, was: null, name: '' }])}>
          Add a stage
        </button>
        {removed.length > 0 && (
          <fieldset className={styles.removed}>
            <legend>Where do the leads of removed stages go?</legend>
            {removed.map((s) => (
              <div key={s} className={styles.destination}>
                <label htmlFor={`${id}-to-${s}`}>
                  Leads in {s} ({counts[s] ?? 0} now) go to
                </label>
                <select id={`${id}-to-${s}`} value={destination[s] ?? ''} onChange={(e) => setDestination({ ...destination, [s]: e.target.value })}>
                  <option value="">{(counts[s] ?? 0) > 0 ? 'Choose a stage' : 'Nowhere (it has none)'}</option>
                  {names.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </fieldset>
        )}
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Save pipeline
          </button>
          <button type="button" className="btn" disabled={busy} onClick={load}>
            Undo changes
          </button>
        </div>
        <SaidAndRefused status={status} error={error} />
      </form>
    </section>
  );
}
