import { type FormEvent, useId, useMemo, useState } from 'react';
import { ApiError } from '../../../api/http';
import { tasksApi } from '../../../api/tasksApi';
import styles from '../../../ui/Tasks.module.css';

/** The agent's zone: which day "today" is in their lists, and when their 8 am digest goes. */
export function TimeZoneSetting({ zone, onSaved }: { zone: string; onSaved: (zone: string) => void }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(zone);
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();
  const zones = useMemo(() => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    tasksApi
      .setTimeZone(value.trim(), 'settings')
      .then((r) => {
        onSaved(r.timeZone);
        setMessage(`Saved: times are in ${r.timeZone}.`);
        setOpen(false);
      })
      .catch((err: unknown) => setMessage(err instanceof ApiError ? err.message : 'Could not save the time zone'));
  };
  return (
    <div className={styles.zone}>
      <span>
        Times in <strong>{zone}</strong>
      </span>
      <button
        type="button"
        className={styles.linkButton}
        aria-expanded={open}
        onClick={() => {
          setValue(zone);
          setOpen(!open);
        }}
      >
        Change time zone
      </button>
      {open && (
        <form className={styles.zoneForm} onSubmit={submit}>
          <label htmlFor={id}>Your time zone</label>
          <input id={id} list={`${id}-zones`} value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" spellCheck={false} />
          <datalist id={`${id}-zones`}>
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          <button type="submit" className="btn">
            Save
          </button>
        </form>
      )}
      <span role="status" className={styles.hint}>
        {message}
      </span>
    </div>
  );
}
