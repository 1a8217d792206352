import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { BEHAVIOUR_THRESHOLD_BOUNDS, BEHAVIOUR_THRESHOLD_LABELS } from '../../../../../src/contract/behaviour-alerts';
import { type BehaviourThresholds, type BehaviourThresholdsView, behaviourApi } from '../api/behaviourApi';
import styles from '../../../ui/RoutingSettingsPanel.module.css';
import { SettingsSave } from '../../../ui/SettingsSave';
import own from './BehaviourAlerts.module.css';
import type { Role } from '../../../api/dashboardApi';
import { OfficePicker, useStaffOffice } from '../../../ui/OfficePicker';

const KEYS = Object.keys(BEHAVIOUR_THRESHOLD_BOUNDS) as (keyof BehaviourThresholds)[];

/**
 * The office's behaviour-alert thresholds (issue 19 part 2), for its broker, beside the routing
 * and scoring settings, and for staff once they chose the office. Saving records a new version;
 * it applies from each lead's next doing.
 */
export function BehaviourThresholdsPanel({ role }: { readonly role: Role }) {
  const id = useId();
  const [view, setView] = useState<BehaviourThresholdsView | null>(null);
  const [draft, setDraft] = useState<Record<keyof BehaviourThresholds, string> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [office, setOffice] = useStaffOffice();
  const scope = role === 'staff' ? office : null;
  const waiting = role === 'staff' && office === null;

  const show = (v: BehaviourThresholdsView) => {
    setView(v);
    setDraft(Object.fromEntries(KEYS.map((k) => [k, String(v.thresholds[k])])) as Record<keyof BehaviourThresholds, string>);
  };
  useEffect(() => {
    setView(null);
    setError(null);
    setStatus(null);
    if (waiting) return;
    behaviourApi.thresholds(scope).then(show, (err: unknown) => setError(err instanceof ApiError ? err.message : 'The alert thresholds could not be loaded'));
  }, [scope, waiting]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const v = await behaviourApi.changeThresholds(Object.fromEntries(KEYS.map((k) => [k, Number(draft[k])])) as unknown as BehaviourThresholds, scope);
      show(v);
      setStatus(`Alert thresholds version ${v.version} saved`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The alert thresholds could not be saved');
    }
    setBusy(false);
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Lead alert thresholds</h2>
      {role === 'staff' && <OfficePicker value={office} onChange={setOffice} none="Choose an office" />}
      {waiting ? (
        <p className={styles.muted}>Choose an office to see and change its thresholds.</p>
      ) : (
        !view && !error && <p className={styles.muted}>Loading…</p>
      )}
      {view && draft && (
        <form className={styles.form} onSubmit={(e) => void save(e)} noValidate>
          <p className={styles.muted}>
            Agents are told at once when a lead saves or shares a home, asks for a showing, or passes one of these thresholds. Version {view.version}
            {view.changedAt ? `, changed ${new Date(view.changedAt).toLocaleString()}` : ' (the defaults)'}.
          </p>
          <div className={own.fields}>
            {KEYS.map((k) => {
              const { min, max } = BEHAVIOUR_THRESHOLD_BOUNDS[k];
              return (
                <label key={k} className={own.field}>
                  <span>{BEHAVIOUR_THRESHOLD_LABELS[k]}</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={min}
                    max={max}
                    step={1}
                    className={own.input}
                    value={draft[k]}
                    onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
                  />
                </label>
              );
            })}
          </div>
          <SettingsSave busy={busy} label="Save alert thresholds" status={status} />
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
