import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/http';
import { CALL_NOTES_MAX, CALL_OUTCOME_LABEL, CALL_OUTCOMES, type CallOutcomeName, parseCallDuration } from '../../../../../src/contract/calls';
import { useMediaQuery } from '../../../ui/useMediaQuery';
import { callsApi } from '../api/callsApi';
import { formatPhone } from '../../../lib/dashboardFormat';
import { DialogFormEnd } from '../../../ui/DialogFormEnd';
import forms from '../../../ui/forms.module.css';
import styles from './LeadCall.module.css';
import common from '../../../ui/Tasks.module.css';
import { type Status, StatusLine } from '../../../ui/StatusLine';

const newCallId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : undefined);
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Click-to-call, then "Log call": on a phone (a coarse pointer) Call is a tel: link that dials;
 * on a desktop it copies the number (to dial on the agent's own phone) and says so. Either way
 * the Log call form opens: outcome, duration (mm:ss) and notes. A retry of one submission keeps
 * its callId, so it is logged once. The timeline's line arrives with the lead's activity push.
 */
export function LeadCall({ leadId, phone }: { readonly leadId: string; readonly phone: string | null }) {
  const dials = useMediaQuery('(pointer: coarse)');
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<CallOutcomeName>('connected');
  const [duration, setDuration] = useState('');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Status>(null);
  const callId = useRef(newCallId());
  const firstOutcome = useRef<HTMLInputElement>(null);
  const logButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const shown = formatPhone(phone);

  useEffect(() => {
    if (open) firstOutcome.current?.focus();
  }, [open]);

  const copy = () => {
    setOpen(true);
    if (!phone) return;
    const said = 'Dial it on your phone, then log the call.';
    const blocked = () => setMessage({ error: false, text: `The number is ${shown} (this browser does not let us copy it). ${said}` });
    // No clipboard outside a secure page: the number is said instead.
    if (!('clipboard' in navigator)) return blocked();
    navigator.clipboard.writeText(shown).then(() => setMessage({ error: false, text: `Number copied: ${shown}. ${said}` }), blocked);
  };
  const close = () => {
    setOpen(false);
    logButton.current?.focus();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const seconds = parseCallDuration(duration);
    if (seconds === undefined) return setMessage({ error: true, text: 'Write the duration as minutes and seconds, e.g. 4:05' });
    setBusy(true);
    callsApi
      .log(leadId, { outcome, durationSeconds: seconds, notes: notes.trim(), ...(callId.current ? { callId: callId.current } : {}) })
      .then(() => {
        callId.current = newCallId();
        setDuration('');
        setNotes('');
        setOutcome('connected');
        setMessage({ error: false, text: `Call logged: ${CALL_OUTCOME_LABEL[outcome]}.` });
        close();
      })
      .catch((err: unknown) => setMessage({ error: true, text: err instanceof ApiError ? err.message : 'Could not log the call; try again' }))
      .finally(() => setBusy(false));
  };

  return (
    <section aria-labelledby={`${id}-title`} className={common.panel}>
      <h3 id={`${id}-title`}>Calls</h3>
      <div className={forms.actions}>
        {phone &&
          (dials ? (
            <a className="btn btn-primary" href={`tel:${phone}`} onClick={() => setOpen(true)}>
              Call {shown}
            </a>
          ) : (
            <button type="button" className="btn btn-primary" onClick={copy}>
              Call {shown}
            </button>
          ))}
        <button
          type="button"
          className="btn"
          ref={logButton}
          aria-expanded={open}
          aria-controls={`${id}-form`}
          onClick={() => (open ? close() : setOpen(true))}
        >
          Log call
        </button>
      </div>
      {!phone && <p className={common.hint}>No phone number for this lead: you can still log a call made another way.</p>}
      {open && (
        <form id={`${id}-form`} className={styles.form} onSubmit={submit} aria-label="Log call" onKeyDown={(e) => e.key === 'Escape' && close()}>
          <fieldset className={styles.outcomes}>
            <legend>Outcome</legend>
            {CALL_OUTCOMES.map((o, i) => (
              <label key={o} className={styles.outcome}>
                <input
                  ref={i === 0 ? firstOutcome : undefined}
                  type="radio"
                  name={`${id}-outcome`}
                  value={o}
                  checked={outcome === o}
                  onChange={() => setOutcome(o)}
                />
                {capitalised(CALL_OUTCOME_LABEL[o])}
              </label>
            ))}
          </fieldset>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-duration`}>
              Duration (mm:ss)
            </label>
            <input
              className={`${forms.input} ${styles.short}`}
              id={`${id}-duration`}
              inputMode="numeric"
              autoComplete="off"
              placeholder="4:05"
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
              aria-describedby={`${id}-duration-hint`}
            />
            <p id={`${id}-duration-hint`} className={common.hint}>
              Optional. Minutes and seconds, or whole minutes.
            </p>
          </div>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-notes`}>
              Notes
            </label>
            <textarea className={forms.input} id={`${id}-notes`} rows={3} maxLength={CALL_NOTES_MAX} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
          <DialogFormEnd failure={null} busy={busy} submitLabel="Save call" closeLabel="Cancel" onClose={close} />
        </form>
      )}
      <StatusLine status={message} />
    </section>
  );
}
