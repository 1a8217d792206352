import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { DEFAULT_SHOWING_MINUTES } from '../../../../../src/contract/showings';
import { instantToZonedInput, snoozeTo, zonedTimeToInstant } from '../../../../../src/contract/tasks';
import forms from '../../../ui/forms.module.css';
import styles from './LeadShowings.module.css';
import common from '../../../ui/Tasks.module.css';
import { STATUS_LABEL, timeRange } from '../utils/showingFormat';
import { type ShowingChange, showingsApi, type ShowingView } from '../api/showingsApi';
import { useAgentZone } from '../hooks/useAgentZone';
import { AGREEMENTS_ANCHOR } from '../../agreements';

const LENGTHS = [30, 45, 60, 90] as const;
type Say = { readonly error: boolean; readonly text: string } | null;
const failed =
  (fallback: string) =>
  (err: unknown): Say => ({ error: true, text: err instanceof ApiError ? err.message : fallback });

/**
 * The lead's showings (its requests and the office's proposals) with what the agent can do to
 * each: confirm (the lead is sent an invitation with an .ics), propose another time or move a
 * confirmed one (on the listing's clock), cancel (after a second look: both are told), mark done;
 * and a form to schedule one (on the agent's clock).
 */
export function LeadShowings({
  leadId,
  listingPdid,
  changedAt,
}: {
  readonly leadId: string;
  readonly listingPdid: string | null;
  readonly changedAt?: string;
}) {
  const [zone] = useAgentZone();
  const [showings, setShowings] = useState<readonly ShowingView[] | null>(null);
  const [say, setSay] = useState<Say>(null);
  const [pdid, setPdid] = useState(listingPdid ?? '');
  const [when, setWhen] = useState('');
  const [length, setLength] = useState<number>(DEFAULT_SHOWING_MINUTES);
  const [agreed, setAgreed] = useState(false);
  const id = useId();

  /** The lead's showings; with `expect`, asked again a few times until the read side has that new one. */
  const load = useCallback(
    (expect?: string, tries = 10) => {
      showingsApi.ofLead(leadId).then(
        (r) => {
          setShowings(r.showings);
          if (expect && tries > 0 && !r.showings.some((s) => s.showingId === expect)) setTimeout(() => load(expect, tries - 1), 300);
        },
        (err: unknown) => setSay(failed('Could not load the showings')(err)),
      );
    },
    [leadId],
  );
  // `changedAt`: the newest showing line of the timeline (it arrives live): the lead accepted or cancelled, or a colleague acted.
  useEffect(() => load(), [load, changedAt]);
  useEffect(() => setWhen(instantToZonedInput(snoozeTo('tomorrow', new Date(), zone), zone)), [zone]);

  const change = (s: ShowingView, c: ShowingChange, done: string) =>
    showingsApi
      .change(s.showingId, c)
      .then((r) => {
        setSay({ error: false, text: done });
        // The answer is the showing as decided: shown at once, whatever the read side says yet.
        setShowings((list) => (list ?? []).map((x) => (x.showingId === r.showing.showingId ? { ...x, ...r.showing } : x)));
      })
      .catch((err: unknown) => setSay(failed('Could not change the showing')(err)));

  const schedule = (e: FormEvent) => {
    e.preventDefault();
    const start = zonedTimeToInstant(when, zone);
    if (!pdid.trim()) return setSay({ error: true, text: 'Which listing? Enter its listing ID' });
    if (!start) return setSay({ error: true, text: 'Pick a date and time' });
    showingsApi
      .propose(leadId, {
        pdid: pdid.trim(),
        start: start.toISOString(),
        end: new Date(start.getTime() + length * 60_000).toISOString(),
        status: agreed ? 'confirmed' : 'requested',
      })
      .then((r) => {
        setSay({ error: false, text: agreed ? 'Showing booked: the lead is sent the invitation.' : 'Showing proposed.' });
        setAgreed(false);
        load(r.showingId);
      })
      .catch((err: unknown) => setSay(failed('Could not schedule the showing')(err)));
  };

  return (
    <section aria-labelledby={`${id}-title`} className={common.panel}>
      <h3 id={`${id}-title`}>Showings</h3>
      {showings && showings.length === 0 && <p className={common.empty}>No showings yet. A showing the lead requests on your site appears here.</p>}
      {showings && showings.length > 0 && (
        <ul className={common.list}>
          {showings.map((s) => (
            <ShowingItem key={s.showingId} showing={s} onChange={change} />
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={schedule} aria-label="Schedule a showing">
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-pdid`}>
            Listing ID
          </label>
          <input className={forms.input} id={`${id}-pdid`} value={pdid} onChange={(e) => setPdid(e.target.value)} autoComplete="off" spellCheck={false} />
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-when`}>
            Start ({zone})
          </label>
          <input className={forms.input} id={`${id}-when`} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} required />
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-length`}>
            Length
          </label>
          <select className={forms.input} id={`${id}-length`} value={length} onChange={(e) => setLength(Number(e.target.value))}>
            {LENGTHS.map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </select>
        </div>
        <label className={styles.check}>
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          The lead agreed to this time: send the invitation now
        </label>
        <button type="submit" className="btn btn-primary">
          Schedule showing
        </button>
      </form>
      <p role="status" className={say?.error ? common.error : common.hint}>
        {say?.text}
        {say?.error && /buyer agreement/.test(say.text) && (
          <>
            {' '}
            <a href={`#${AGREEMENTS_ANCHOR}`}>Add a buyer agreement</a>
          </>
        )}
      </p>
    </section>
  );
}

function ShowingItem({
  showing: s,
  onChange,
}: {
  readonly showing: ShowingView;
  readonly onChange: (s: ShowingView, c: ShowingChange, done: string) => Promise<void>;
}) {
  const [moving, setMoving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [when, setWhen] = useState(() => instantToZonedInput(new Date(s.start), s.timeZone));
  const [confirmToo, setConfirmToo] = useState(false);
  const id = useId();
  const open = s.status === 'requested' || s.status === 'confirmed';
  const move = (e: FormEvent) => {
    e.preventDefault();
    const start = zonedTimeToInstant(when, s.timeZone);
    if (!start) return;
    const change: ShowingChange = { start: start.toISOString(), ...(confirmToo ? { status: 'confirmed' as const } : {}) };
    void onChange(
      s,
      change,
      s.status === 'confirmed' ? 'Moved: the lead is sent the new time.' : confirmToo ? 'Confirmed at the new time.' : 'Another time proposed.',
    ).then(() => setMoving(false));
  };
  return (
    <li className={styles.item} data-status={s.status}>
      <div className={styles.itemHead}>
        <strong className={styles.address}>{s.address}</strong>
        <span className={styles.badge}>{STATUS_LABEL[s.status]}</span>
      </div>
      <p className={styles.meta}>
        {timeRange(s.start, s.end, s.timeZone)} <span className={styles.zone}>({s.timeZone})</span>
        {s.proposedBy === 'lead' ? ' · asked for by the lead' : ''}
      </p>
      {s.message && <p className={styles.message}>“{s.message}”</p>}
      {open && !moving && !cancelling && (
        <div className={forms.actions}>
          {s.status === 'requested' && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void onChange(s, { status: 'confirmed' }, 'Confirmed: the lead is sent the invitation.')}
            >
              Confirm
            </button>
          )}
          <button type="button" className="btn" onClick={() => setMoving(true)}>
            {s.status === 'requested' ? 'Propose another time' : 'Move'}
          </button>
          {s.status === 'confirmed' && Date.parse(s.start) <= Date.now() && (
            <button type="button" className="btn" onClick={() => void onChange(s, { status: 'done' }, 'Marked done.')}>
              Mark done
            </button>
          )}
          <button type="button" className="btn" onClick={() => setCancelling(true)}>
            Cancel showing
          </button>
        </div>
      )}
      {moving && (
        <form className={styles.inline} onSubmit={move} onKeyDown={(e) => e.key === 'Escape' && setMoving(false)}>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-when`}>
              New time ({s.timeZone})
            </label>
            <input className={forms.input} id={`${id}-when`} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} required autoFocus />
          </div>
          {s.status === 'requested' && (
            <label className={styles.check}>
              <input type="checkbox" checked={confirmToo} onChange={(e) => setConfirmToo(e.target.checked)} />
              The lead agreed: confirm it
            </label>
          )}
          <div className={forms.actions}>
            <button type="submit" className="btn btn-primary">
              Save time
            </button>
            <button type="button" className="btn" onClick={() => setMoving(false)}>
              Back
            </button>
          </div>
        </form>
      )}
      {cancelling && (
        <div className={styles.inline} role="group" aria-label="Cancel this showing?">
          <p className={styles.meta}>Cancel this showing? The lead and the agent are told.</p>
          <div className={forms.actions}>
            <button
              type="button"
              className="btn btn-primary"
              autoFocus
              onClick={() => void onChange(s, { status: 'cancelled' }, 'Cancelled: the lead and the agent are told.').then(() => setCancelling(false))}
            >
              Yes, cancel it
            </button>
            <button type="button" className="btn" onClick={() => setCancelling(false)}>
              Keep it
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
