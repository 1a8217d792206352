import { type FormEvent, useId, useRef, useState } from 'react';
import { INQUIRY_DETAIL_MESSAGES, INQUIRY_MESSAGE_FIELD, INQUIRY_MESSAGES, validateInquiry } from '../../../../src/contract/validate-inquiry';
import { ApiError } from '../../api/http';
import { type InquiryPayload, sendInquiry } from '../../api/account';
import { type Translate, useT } from '../../ui/translations';
import { useToast } from '../../ui/useToast';
import styles from '../../ui/forms.module.css';
import { BuyerDetails } from './BuyerDetails';
import { BUYER_FIELDS, DetailFields, REFERRAL_FIELDS, SELLER_FIELDS } from './DetailFields';
import { RESUME_FAILED, ResumeUpload } from './ResumeUpload';

export const EMAIL_IN_USE = 'Email already in use';
const DETAIL_NAMES = [...BUYER_FIELDS, ...SELLER_FIELDS, ...REFERRAL_FIELDS].map((f) => f.name);
/** The extra field a server message names ('PropertyFeatures is too long…'), to show it there. */
const detailFieldOf = (message: string) => {
  const field =
    DETAIL_NAMES.find((n) => message.startsWith(`${n} `)) ??
    (Object.keys(INQUIRY_DETAIL_MESSAGES) as (keyof typeof INQUIRY_DETAIL_MESSAGES)[]).find((k) => INQUIRY_DETAIL_MESSAGES[k] === message);
  return field ? { field, text: message } : null;
};

type Field = 'AcceptTerms' | 'FullName' | 'Email' | 'Phone';
/** Which input a validation message belongs to, so focus can go there (this form has no address inputs). */
const FIELD_OF = INQUIRY_MESSAGE_FIELD as Readonly<Record<string, Field>>;
/** A rule's message (the form's own or the server's, same text) in the page's language, id `inquiry.error.<rule>`. */
const messageIn = (t: Translate, text: string): string => {
  const rule = (Object.keys(INQUIRY_MESSAGES) as (keyof typeof INQUIRY_MESSAGES)[]).find((k) => INQUIRY_MESSAGES[k] === text);
  return rule ? t(`inquiry.error.${rule}`, text) : text;
};

export type InquiryFormProps = {
  readonly leadType: string;
  readonly pdid?: string;
  /** Sent from an agent's public page: the page's key, so the lead goes to that agent. */
  readonly agentKey?: string;
  readonly allowPartialName: boolean;
  /** A terms checkbox (accept-terms sites). */
  readonly withTerms?: boolean;
  /** The listing form has a message and the optional buyer details; sign-up does not. */
  readonly withMessage?: boolean;
  /** Which group of spec section 3's fields the form asks besides (default: buyer, with a message). */
  readonly details?: 'buyer' | 'seller' | 'referral' | 'none';
  /** The buyer fields open from the start (the contact page). */
  readonly buyerOpen?: boolean;
  /** A resume upload (the careers form), through the upload token flow when signed out. */
  readonly withResume?: boolean;
  /** Whether someone is signed in (an upload needs a session or an upload token). */
  readonly signedIn?: boolean;
  readonly initial?: { readonly FullName?: string; readonly Email?: string; readonly Phone?: string; readonly Message?: string };
  readonly submitLabel: string;
  /** Sends the payload another way (the /sell form with its valuation); by default, the inquiry. */
  readonly send?: (payload: InquiryPayload) => Promise<unknown>;
  readonly onSent: () => void;
  readonly onEmailInUse: (email: string) => void;
};

/**
 * The inquiry form (spec sections 3, 5 and 8): checked in the spec's order with the shared rules
 * before anything is sent, one request at a time, 'Email already in use' handed to the caller
 * (which opens sign-in), anything else shown as 'Error submitting form.' with the server's text.
 */
export function InquiryForm(p: InquiryFormProps) {
  const id = useId();
  const toast = useToast();
  const t = useT();
  const [values, setValues] = useState({ FullName: '', Email: '', Phone: '', Message: '', ...p.initial });
  const [terms, setTerms] = useState(false);
  const [extra, setExtra] = useState<Record<string, string>>({});
  const [resumeUrl, setResumeUrl] = useState<string | null>(null);
  const [detailError, setDetailError] = useState<{ field: string; text: string } | null>(null);
  const details = p.details ?? (p.withMessage ? 'buyer' : 'none');
  const [error, setError] = useState<{ text: string; field: Field | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    // The message about a field goes once the visitor corrects it.
    if (error?.field === k) setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return; // a second click while the first is on its way does nothing
    const problem = validateInquiry({ ...values, ...(p.withTerms ? { AcceptTerms: terms } : {}) }, { allowPartialName: p.allowPartialName });
    if (problem) {
      const field = FIELD_OF[problem] ?? null;
      setError({ text: problem, field });
      if (field) form.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
      return;
    }
    setError(null);
    setDetailError(null);
    inFlight.current = true;
    setBusy(true);
    try {
      const filled = Object.fromEntries(
        Object.entries(extra)
          .filter(([, v]) => v.trim() !== '')
          .map(([k, v]) => [k, v.trim()]),
      );
      await (p.send ?? sendInquiry)({
        FullName: values.FullName.trim(),
        Email: values.Email.trim(),
        Phone: values.Phone.trim(),
        ...(p.withMessage && values.Message.trim() ? { Message: values.Message.trim() } : {}),
        ...filled,
        ...(p.withResume && resumeUrl ? { ResumeUrl: resumeUrl } : {}),
        LeadType: p.leadType,
        ...(p.withTerms ? { AcceptTerms: terms } : {}),
        ...(p.pdid ? { pdid: p.pdid } : {}),
        ...(p.agentKey ? { AgentKey: p.agentKey } : {}),
      });
      p.onSent();
    } catch (err) {
      const message = err instanceof ApiError ? err.message : t('ui.unreachable', 'The server cannot be reached');
      if (message === EMAIL_IN_USE) {
        p.onEmailInUse(values.Email.trim());
      } else {
        toast({ title: t('inquiry.failed', 'Error submitting form.'), message: messageIn(t, message), tone: 'error' });
        setError({ text: message, field: FIELD_OF[message] ?? null });
        setDetailError(detailFieldOf(message));
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const onExtra = (v: Record<string, string>) => {
    setExtra(v);
    if (detailError && v[detailError.field] !== extra[detailError.field]) setDetailError(null);
  };
  const invalid = (f: Field) => error?.field === f;
  const described = (f: Field) => (invalid(f) ? `${id}-error` : undefined);

  return (
    <form ref={form} className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
      {error && (
        <div id={`${id}-error`} role="alert" className={styles.error}>
          {messageIn(t, error.text)}
        </div>
      )}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-name`}>
          {t('inquiry.FullName', 'Full name')}
        </label>
        <input
          id={`${id}-name`}
          name="FullName"
          className={styles.input}
          autoComplete="name"
          value={values.FullName}
          onChange={set('FullName')}
          aria-invalid={invalid('FullName')}
          aria-describedby={described('FullName')}
        />
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-email`}>
            {t('inquiry.Email', 'Email')}
          </label>
          <input
            id={`${id}-email`}
            name="Email"
            type="email"
            className={styles.input}
            autoComplete="email"
            value={values.Email}
            onChange={set('Email')}
            aria-invalid={invalid('Email')}
            aria-describedby={described('Email')}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-phone`}>
            {t('inquiry.Phone', 'Phone')}
          </label>
          <input
            id={`${id}-phone`}
            name="Phone"
            type="tel"
            className={styles.input}
            autoComplete="tel"
            value={values.Phone}
            onChange={set('Phone')}
            aria-invalid={invalid('Phone')}
            aria-describedby={described('Phone')}
          />
        </div>
      </div>
      {p.withMessage && (
        <>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-message`}>
              {t('inquiry.Message', 'Message')}
            </label>
            <textarea id={`${id}-message`} name="Message" className={styles.input} value={values.Message} onChange={set('Message')} maxLength={5000} />
          </div>
        </>
      )}
      {details === 'buyer' && <BuyerDetails values={extra} onChange={onExtra} error={detailError} open={p.buyerOpen} />}
      {details === 'seller' && <DetailFields fields={SELLER_FIELDS} values={extra} onChange={onExtra} error={detailError} />}
      {details === 'referral' && <DetailFields fields={REFERRAL_FIELDS} values={extra} onChange={onExtra} error={detailError} />}
      {p.withResume && (
        <ResumeUpload
          signedIn={p.signedIn ?? false}
          url={resumeUrl}
          onUploaded={setResumeUrl}
          serverError={error?.text.startsWith(RESUME_FAILED) ? error.text : null}
        />
      )}
      {p.withTerms && (
        <label className={styles.check}>
          <input
            type="checkbox"
            name="AcceptTerms"
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
            aria-invalid={invalid('AcceptTerms')}
            aria-describedby={described('AcceptTerms')}
          />
          <span>{t('inquiry.AcceptTerms', 'I accept the terms and conditions')}</span>
        </label>
      )}
      <button type="submit" className={`btn btn-primary ${styles.full}`} disabled={busy}>
        {busy ? t('inquiry.sending', 'Sending…') : p.submitLabel}
      </button>
    </form>
  );
}
