import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { uploadFile } from '../../../api/account';
import { ApiError } from '../../../api/http';
import {
  AGREEMENT_TYPES,
  type AgreementState,
  type AgreementType,
  type AgreementView,
  type CompensationKind,
  compensationWords,
  dayWords,
  TYPE_WORDS,
} from '../../../../../src/contract/agreements';
import forms from '../../../ui/forms.module.css';
import common from '../../../ui/Tasks.module.css';
import { agreementsApi, uploadIdOf } from '../api/agreementsApi';
import styles from './Agreements.module.css';

type Say = { readonly error: boolean; readonly text: string } | null;
const failed =
  (fallback: string) =>
  (err: unknown): Say => ({ error: true, text: err instanceof ApiError || err instanceof Error ? err.message : fallback });

export const STATE_LABEL: Record<AgreementState, string> = { draft: 'Draft', sent: 'Sent for signature', signed: 'Signed', expired: 'Expired', void: 'Void' };
/** Where the showings panel's refusal links to. */
export const AGREEMENTS_ANCHOR = 'lead-agreements';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const inDays = (n: number) => isoDay(new Date(Date.now() + n * 86_400_000));

/**
 * The lead's buyer agreements (contract section 13): each with its state, sent for the lead's
 * signature by e-mail (a one-use link), or signed by uploading the signed copy, or voided; and the
 * form to draft one (the state's own form may be attached: it is then the agreement's text).
 */
export function LeadAgreements({ leadId, leadName }: { readonly leadId: string; readonly leadName: string }) {
  const [list, setList] = useState<readonly AgreementView[] | null>(null);
  const [say, setSay] = useState<Say>(null);
  const id = useId();
  const load = useCallback(
    () =>
      agreementsApi.ofLead(leadId).then(
        (r) => setList(r.agreements),
        (err: unknown) => setSay(failed('Could not load the agreements')(err)),
      ),
    [leadId],
  );
  useEffect(() => void load(), [load]);
  const replace = (a: AgreementView) => setList((l) => (l ?? []).map((x) => (x.agreementId === a.agreementId ? a : x)));

  return (
    <section id={AGREEMENTS_ANCHOR} aria-labelledby={`${id}-title`} className={common.panel} tabIndex={-1}>
      <h3 id={`${id}-title`}>Buyer agreements</h3>
      {list && list.length === 0 && (
        <p className={common.empty}>No buyer agreement yet. A showing of a listing can be confirmed only with a signed agreement in force on its day.</p>
      )}
      {list && list.length > 0 && (
        <ul className={common.list}>
          {list.map((a) => (
            <AgreementItem key={a.agreementId} agreement={a} leadId={leadId} leadName={leadName} onChanged={replace} onSay={setSay} />
          ))}
        </ul>
      )}
      <NewAgreementForm
        leadId={leadId}
        onCreated={() => {
          setSay({ error: false, text: 'Agreement drafted: send it for signature, or upload the signed copy.' });
          void load();
        }}
        onSay={setSay}
      />
      <p role="status" className={say?.error ? common.error : common.hint}>
        {say?.text}
      </p>
    </section>
  );
}

function AgreementItem({
  agreement: a,
  leadId,
  leadName,
  onChanged,
  onSay,
}: {
  readonly agreement: AgreementView;
  readonly leadId: string;
  readonly leadName: string;
  readonly onChanged: (a: AgreementView) => void;
  readonly onSay: (s: Say) => void;
}) {
  const [voiding, setVoiding] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const open = a.state === 'draft' || a.state === 'sent';
  const act = (p: Promise<{ agreement: AgreementView }>, done: string) => {
    setBusy(true);
    return p
      .then((r) => {
        onChanged(r.agreement);
        onSay({ error: false, text: done });
      })
      .catch((err: unknown) => onSay(failed('That did not work; please try again.')(err)))
      .finally(() => setBusy(false));
  };
  const uploadSigned = (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    uploadFile(file)
      .then((url) => act(agreementsApi.uploadSigned(leadId, a.agreementId, uploadIdOf(url)), 'Signed copy saved: the agreement is signed.'))
      .catch((err: unknown) => {
        setBusy(false);
        onSay(failed('Could not upload the file')(err));
      });
  };
  return (
    <li className={styles.item} data-state={a.state}>
      <div className={styles.head}>
        <strong>{TYPE_WORDS[a.type]}</strong>
        <span className={styles.badge} data-state={a.state}>
          {STATE_LABEL[a.state]}
        </span>
      </div>
      <p className={styles.meta}>
        {compensationWords(a.compensation)} · {dayWords(a.startsOn)} to {dayWords(a.endsOn)}
      </p>
      {a.signed && (
        <p className={styles.meta}>
          {a.signed.how === 'link' ? `Signed by ${a.signed.name ?? leadName} on ${new Date(a.signed.at).toLocaleString()}` : 'Signed copy uploaded'}
          {a.signed.uploadId && (
            <>
              {' · '}
              <a href={`/uploads/${a.signed.uploadId}`}>signed copy</a>
            </>
          )}
        </p>
      )}
      {a.uploadId && (
        <p className={styles.meta}>
          <a href={`/uploads/${a.uploadId}`}>Agreement document</a>
        </p>
      )}
      {a.sentAt && a.state === 'sent' && (
        <p className={styles.meta}>
          Sent to {leadName} on {new Date(a.sentAt).toLocaleString()}
        </p>
      )}
      {!voiding && (open || a.state === 'signed') && (
        <div className={forms.actions}>
          {open && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void act(agreementsApi.send(leadId, a.agreementId), `Sent: ${leadName} is e-mailed a link to sign.`)}
            >
              {a.state === 'sent' ? 'Send again' : 'Send for signature'}
            </button>
          )}
          {open && (
            <label className={`btn ${styles.fileButton}`}>
              Upload signed copy
              <input
                id={`${id}-file`}
                type="file"
                accept=".pdf,.doc,.docx,.jpg,.jpeg,.png"
                className="visually-hidden"
                disabled={busy}
                onChange={(e) => uploadSigned(e.target.files?.[0])}
              />
            </label>
          )}
          <button type="button" className="btn" disabled={busy} onClick={() => setVoiding(true)}>
            Void
          </button>
        </div>
      )}
      {voiding && (
        <div role="group" aria-label="Void this agreement?" onKeyDown={(e) => e.key === 'Escape' && setVoiding(false)}>
          <p className={styles.meta}>Void this agreement? It covers no showing from now on.</p>
          <div className={forms.actions}>
            <button
              type="button"
              className="btn btn-primary"
              autoFocus
              onClick={() => void act(agreementsApi.void(leadId, a.agreementId), 'Agreement voided.').then(() => setVoiding(false))}
            >
              Yes, void it
            </button>
            <button type="button" className="btn" onClick={() => setVoiding(false)}>
              Keep it
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

function NewAgreementForm({ leadId, onCreated, onSay }: { readonly leadId: string; readonly onCreated: () => void; readonly onSay: (s: Say) => void }) {
  const id = useId();
  const [type, setType] = useState<AgreementType>('exclusive');
  const [kind, setKind] = useState<CompensationKind>('percent');
  const [value, setValue] = useState('2.5');
  const [startsOn, setStartsOn] = useState(() => isoDay(new Date()));
  const [endsOn, setEndsOn] = useState(() => inDays(90));
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const amount = Number(value);
    if (!value.trim() || !Number.isFinite(amount)) return onSay({ error: true, text: 'Enter the compensation as a number' });
    setBusy(true);
    try {
      const uploadId = file ? uploadIdOf(await uploadFile(file)) : undefined;
      await agreementsApi.create(leadId, { type, compensation: { kind, value: amount }, startsOn, endsOn, ...(uploadId ? { uploadId } : {}) });
      setFile(null);
      onCreated();
    } catch (err) {
      onSay(failed('Could not create the agreement')(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-new`}>
      <h4 id={`${id}-new`}>New agreement</h4>
      <div className={styles.grid}>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-type`}>
            Kind
          </label>
          <select className={forms.input} id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value as AgreementType)}>
            {AGREEMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_WORDS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-kind`}>
            Compensation as
          </label>
          <select className={forms.input} id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as CompensationKind)}>
            <option value="percent">Percent of the price</option>
            <option value="flat">Flat amount ($)</option>
          </select>
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-value`}>
            {kind === 'percent' ? 'Compensation (%)' : 'Compensation ($)'}
          </label>
          <input className={forms.input} id={`${id}-value`} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} required />
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-starts`}>
            Starts on
          </label>
          <input className={forms.input} id={`${id}-starts`} type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} required />
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-ends`}>
            Ends on
          </label>
          <input className={forms.input} id={`${id}-ends`} type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} required />
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-doc`}>
            Your state&apos;s form (optional)
          </label>
          <input className={forms.input} id={`${id}-doc`} type="file" accept=".pdf,.doc,.docx" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
      </div>
      <div className={forms.actions}>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Create agreement
        </button>
      </div>
    </form>
  );
}
