import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { ScoreSignalName } from '../../../../../src/contract/lead-score';
import { type ScoreRulesData, type ScoreRulesView, scoreApi } from '../api/scoreApi';
import styles from '../../../ui/RoutingSettingsPanel.module.css';
import own from './ScoreRulesPanel.module.css';

const SIGNALS: readonly { key: ScoreSignalName; label: string }[] = [
  { key: 'visit', label: 'Home viewed' },
  { key: 'favourite', label: 'Favourite saved' },
  { key: 'share', label: 'Home shared' },
  { key: 'showing', label: 'Showing requested' },
  { key: 'reply', label: 'Replied (any channel)' },
  { key: 'alertOpen', label: 'Alert opened' },
];
type Field = 'points' | 'halfLifeDays' | 'cap';
const FIELDS: readonly { key: Field; label: string }[] = [
  { key: 'points', label: 'Points' },
  { key: 'halfLifeDays', label: 'Half-life (days)' },
  { key: 'cap', label: 'Cap' },
];

/**
 * The office's lead scoring rules (issue 19 part 3), for brokers (their office) and staff (the
 * default every office starts from). Saving records a new version; the read model then rescores
 * every lead the rules apply to, and this panel shows how far it has come (the old scores serve
 * until each lead is rescored).
 */
export function ScoreRulesPanel() {
  const id = useId();
  const [view, setView] = useState<ScoreRulesView | null>(null);
  const [draft, setDraft] = useState<Record<ScoreSignalName, Record<Field, string>> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const show = useCallback((v: ScoreRulesView) => {
    setView(v);
    setDraft(
      Object.fromEntries(SIGNALS.map(({ key }) => [key, Object.fromEntries(FIELDS.map((f) => [f.key, String(v.rules.signals[key][f.key])]))])) as Record<
        ScoreSignalName,
        Record<Field, string>
      >,
    );
  }, []);
  useEffect(() => {
    scoreApi.rules().then(show, (err: unknown) => setError(err instanceof ApiError ? err.message : 'The scoring rules could not be loaded'));
    return () => window.clearTimeout(timer.current);
  }, [show]);

  /** Asks again every second until every lead is scored by the new version. */
  const follow = (version: number) => {
    scoreApi.rules().then(
      (v) => {
        setView(v);
        if (v.rulesVersion < version || v.rescored.scored < v.rescored.total) timer.current = window.setTimeout(() => follow(version), 1000);
        else setStatus(`Rules version ${v.rulesVersion} saved; ${v.rescored.total} lead${v.rescored.total === 1 ? '' : 's'} rescored`);
      },
      () => setError('Could not follow the rescoring; reload to see it'),
    );
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!view || !draft) return;
    const signals = Object.fromEntries(
      SIGNALS.map(({ key }) => [key, Object.fromEntries(FIELDS.map((f) => [f.key, Number(draft[key][f.key])]))]),
    ) as ScoreRulesData['signals'];
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const { rulesVersion } = await scoreApi.changeRules({ ...view.rules, signals });
      setStatus(`Rules version ${rulesVersion} saved; rescoring…`);
      follow(rulesVersion);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The scoring rules could not be saved');
    }
    setBusy(false);
  };

  const r = view?.rescored;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Lead scoring rules</h2>
      {!view && !error && <p className={styles.muted}>Loading…</p>}
      {view && draft && (
        <form className={styles.form} onSubmit={(e) => void save(e)} noValidate>
          <p className={styles.muted}>
            Version {view.rulesVersion}
            {view.changedAt ? `, changed ${new Date(view.changedAt).toLocaleString()}` : ' (the built-in rules)'}. Each event gives its points, halved every
            half-life; a kind of event never gives more than its cap.
          </p>
          <div className={own.scroll}>
            <table className={own.table}>
              <caption className="visually-hidden">Points per signal</caption>
              <thead>
                <tr>
                  <th scope="col">Signal</th>
                  {FIELDS.map((f) => (
                    <th scope="col" key={f.key}>
                      {f.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {SIGNALS.map((s) => (
                  <tr key={s.key}>
                    <th scope="row">{s.label}</th>
                    {FIELDS.map((f) => (
                      <td key={f.key}>
                        <input
                          type="number"
                          inputMode="numeric"
                          className={own.input}
                          aria-label={`${s.label}: ${f.label}`}
                          value={draft[s.key][f.key]}
                          onChange={(e) => setDraft({ ...draft, [s.key]: { ...draft[s.key], [f.key]: e.target.value } })}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.actions}>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving…' : 'Save and rescore'}
            </button>
            <span role="status" className={styles.muted}>
              {status}
            </span>
          </div>
          {r && r.total > 0 && (
            <label className={own.progress}>
              Leads scored by version {view.rulesVersion}: {r.scored} of {r.total}
              <progress max={r.total} value={r.scored} />
            </label>
          )}
        </form>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </section>
  );
}
