import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/http';
import { CLAIM_WINDOW_MAX, pondApi, type RoutingSettings } from '../api/pondApi';
import styles from '../../../ui/RoutingSettingsPanel.module.css';
import { RoutingSimulation } from './RoutingSimulation';
import { SettingsSave } from '../../../ui/SettingsSave';
import { useT } from '../../../ui/translations';

/**
 * The broker's lead routing options: the office pond (on or off, and how many minutes an agent
 * has to contact a new lead before it goes there; 0 sends new leads straight to the pond) and a
 * copy of every new-lead notice. Saved together; the server's answer is what is shown.
 */
export function RoutingSettingsPanel() {
  const id = useId();
  const [saved, setSaved] = useState<RoutingSettings | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [minutes, setMinutes] = useState('15');
  const [copy, setCopy] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const t = useT();
  // The routing simulation screen (issue 19 part 4) opens below the panel; closing it returns focus to its button.
  const [simulating, setSimulating] = useState(false);
  const simulate = useRef<HTMLButtonElement>(null);

  const show = (r: RoutingSettings) => {
    setSaved(r);
    setEnabled(r.pond.enabled);
    setMinutes(String(r.pond.claimWindowMinutes));
    setCopy(r.copyBrokerOnNewLeads);
  };
  useEffect(() => {
    pondApi.routing().then(show, (err: unknown) => setError(err instanceof ApiError ? err.message : 'The routing settings could not be loaded'));
  }, []);

  const windowNumber = /^\d{1,4}$/.test(minutes.trim()) ? Number(minutes.trim()) : NaN;
  const windowValid = Number.isInteger(windowNumber) && windowNumber >= 0 && windowNumber <= CLAIM_WINDOW_MAX;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!windowValid) {
      setError(`The claim window is a whole number of minutes from 0 to ${CLAIM_WINDOW_MAX}`);
      return;
    }
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      show(await pondApi.changeRouting({ pond: { enabled, claimWindowMinutes: windowNumber }, copyBrokerOnNewLeads: copy }));
      setStatus('Routing settings saved');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The routing settings could not be saved');
    }
    setBusy(false);
  };

  const ids = { pond: `${id}-pond`, minutes: `${id}-minutes`, hint: `${id}-hint`, copy: `${id}-copy`, error: `${id}-error` };
  return (
    <>
      <section className={styles.panel} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Lead routing</h2>
        {saved === null && !error && <p className={styles.muted}>Loading…</p>}
        {saved && (
          <form className={styles.form} onSubmit={(e) => void save(e)} noValidate>
            <label htmlFor={ids.pond} className={styles.check}>
              <input id={ids.pond} type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Lead pond: a lead nobody contacts in time
              goes to the pond, where the first agent to claim it gets it
            </label>
            <div className={styles.minutes}>
              <label htmlFor={ids.minutes}>Claim window (minutes)</label>
              <input
                id={ids.minutes}
                type="number"
                inputMode="numeric"
                min={0}
                max={CLAIM_WINDOW_MAX}
                step={1}
                value={minutes}
                disabled={!enabled}
                aria-describedby={ids.hint}
                aria-invalid={!windowValid}
                onChange={(e) => setMinutes(e.target.value)}
              />
              <p id={ids.hint} className={styles.hint}>
                0 sends every new lead of the office’s sites straight to the pond; at most {CLAIM_WINDOW_MAX} (a day).
              </p>
            </div>
            <label htmlFor={ids.copy} className={styles.check}>
              <input id={ids.copy} type="checkbox" checked={copy} onChange={(e) => setCopy(e.target.checked)} /> Copy me on new leads (e-mail, and text when my
              cell phone allows)
            </label>
            <SettingsSave busy={busy} label="Save routing" status={status} />
          </form>
        )}
        {error && (
          <p role="alert" id={ids.error} className={styles.error}>
            {error}
          </p>
        )}
        <button type="button" ref={simulate} className="btn" aria-expanded={simulating} onClick={() => setSimulating(true)}>
          {t('routingSim.open', 'Simulate routing rules')}
        </button>
      </section>
      {simulating && (
        <RoutingSimulation
          onClose={() => {
            setSimulating(false);
            simulate.current?.focus();
          }}
        />
      )}
    </>
  );
}
