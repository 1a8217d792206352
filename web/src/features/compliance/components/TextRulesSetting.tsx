import { type FormEvent, useEffect, useId, useState } from 'react';
import { complianceApi } from '../../../api/complianceApi';
import { ApiError } from '../../../api/http';

type Rules = { startHour: number; endHour: number; perDay: number };

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
const STARTS = [8, 9, 10, 11, 12];
const ENDS = [17, 18, 19, 20, 21];

/**
 * The broker's hours for automated texts (plans, alerts) in each lead's own time, never wider
 * than 08:00–21:00, and how many a lead gets a day; a text outside them waits for the next window.
 */
export function TextRulesSetting() {
  const ids = { start: useId(), end: useId(), perDay: useId() };
  const [rules, setRules] = useState<Rules | null>(null);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    complianceApi
      .textRules()
      .then(setRules, (err: unknown) => setNote({ error: true, text: err instanceof ApiError ? err.message : 'The texting hours could not be loaded' }));
  }, []);
  if (!rules) return note ? <p role="alert">{note.text}</p> : null;

  const save = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setNote(null);
    complianceApi.setTextRules(rules).then(
      (saved) => {
        setRules(saved);
        setNote({ error: false, text: 'Saved.' });
        setBusy(false);
      },
      (err: unknown) => {
        setNote({ error: true, text: err instanceof ApiError ? err.message : 'The texting hours could not be saved' });
        setBusy(false);
      },
    );
  };
  const set = (k: keyof Rules) => (e: { target: { value: string } }) => setRules({ ...rules, [k]: Number(e.target.value) });
  return (
    <form onSubmit={save} aria-labelledby={`${ids.start}-title`}>
      <h2 id={`${ids.start}-title`}>Automated texts</h2>
      <p>Plans and alerts text a lead only between these hours of the lead’s own day, and at most this many a day; others wait for the next window.</p>
      <label htmlFor={ids.start}>From </label>
      <select id={ids.start} value={rules.startHour} onChange={set('startHour')}>
        {STARTS.map((h) => (
          <option key={h} value={h}>
            {hour(h)}
          </option>
        ))}
      </select>{' '}
      <label htmlFor={ids.end}>until </label>
      <select id={ids.end} value={rules.endHour} onChange={set('endHour')}>
        {ENDS.map((h) => (
          <option key={h} value={h}>
            {hour(h)}
          </option>
        ))}
      </select>{' '}
      <label htmlFor={ids.perDay}>Texts a day per lead </label>
      <input id={ids.perDay} type="number" min={1} max={20} value={rules.perDay} onChange={set('perDay')} style={{ width: '4.5em' }} />{' '}
      <button type="submit" className="btn" disabled={busy}>
        Save texting hours
      </button>
      {note && <p role={note.error ? 'alert' : 'status'}>{note.text}</p>}
    </form>
  );
}
