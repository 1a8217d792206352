import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError, isAbort } from '../../../api/http';
import { MERGE_FIELD_LABELS, MERGE_FIELDS, type MergeField, unknownMergeFieldsMessage, unknownMergeFields } from '../../../../../src/contract/merge-fields';
import { EmailDraftFields } from './EmailDraftFields';
import { type EmailPreview, type EmailTemplateView, emailApi } from '../api/emailApi';
import forms from '../../../ui/forms.module.css';
import styles from './EmailComposer.module.css';
import common from '../../../ui/Tasks.module.css';
import { type Status, StatusLine } from '../../../ui/StatusLine';

type Props = {
  readonly leadId: string;
  readonly leadName: string;
  /** After the server recorded the e-mail (the outbox sends it). */
  readonly onSent?: (messageId: string) => void;
  readonly onClose?: () => void;
};

/** A fresh id per e-mail: a send retried after a lost answer is the same e-mail, recorded once. */
const newMessageId = (): string | undefined => globalThis.crypto?.randomUUID?.();

/**
 * Compose an e-mail to a lead (issue 16): a template (office or personal) fills subject and
 * message, which stay editable; merge fields are inserted from a list; the preview shows the
 * text exactly as this lead gets it (plain text, empty fields named), and the composer says
 * why a lead cannot be e-mailed before anyone types. Mounted on the lead page and by the
 * conversation panel.
 */
export function EmailComposer({ leadId, leadName, onSent, onClose }: Props) {
  const id = useId();
  const [templates, setTemplates] = useState<readonly EmailTemplateView[] | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [field, setField] = useState<MergeField>('first_name');
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [sending, setSending] = useState(false);
  const messageId = useRef(newMessageId());
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const unknown = useMemo(() => unknownMergeFields(subject, body), [subject, body]);

  useEffect(() => {
    emailApi.templates().then(
      (r) => setTemplates(r.templates),
      () => setTemplates([]),
    );
  }, []);

  // The preview follows the text, a moment after typing stops; an unknown field is said here instead.
  useEffect(() => {
    if (unknown.length) return;
    const controller = new AbortController();
    const t = setTimeout(() => {
      emailApi.preview(leadId, { subject, body }, controller.signal).then(setPreview, (err: unknown) => {
        if (!isAbort(err)) setPreview(null);
      });
    }, 300);
    return () => {
      clearTimeout(t);
      controller.abort();
    };
  }, [leadId, subject, body, unknown.length]);

  const pick = (value: string) => {
    setTemplateId(value);
    const t = templates?.find((x) => x.templateId === value);
    if (t) {
      setSubject(t.subject);
      setBody(t.body);
    }
  };

  const insert = () => {
    const el = bodyRef.current;
    const token = `{${field}}`;
    const at = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? at;
    setBody(body.slice(0, at) + token + body.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (unknown.length) return setStatus({ error: true, text: unknownMergeFieldsMessage(unknown) });
    if (!subject.trim()) return setStatus({ error: true, text: 'Please enter a subject' });
    if (!body.trim()) return setStatus({ error: true, text: 'Please write the message' });
    setSending(true);
    emailApi
      .send(leadId, { subject, body, ...(templateId ? { templateId } : {}), ...(messageId.current ? { messageId: messageId.current } : {}) })
      .then((r) => {
        setStatus({ error: false, text: `E-mail to ${leadName} sent.` });
        setSubject('');
        setBody('');
        setTemplateId('');
        messageId.current = newMessageId();
        onSent?.(r.messageId);
      })
      .catch((err: unknown) => setStatus({ error: true, text: err instanceof ApiError ? err.message : 'The e-mail could not be sent' }))
      .finally(() => setSending(false));
  };

  const blocked = preview && !preview.canSend ? preview.reason : null;
  return (
    <section className={styles.composer} aria-labelledby={`${id}-title`}>
      <div className={styles.head}>
        <h3 id={`${id}-title`}>E-mail {leadName}</h3>
        {onClose && (
          <button type="button" className={common.linkButton} onClick={onClose}>
            Close<span className="visually-hidden"> the e-mail</span>
          </button>
        )}
      </div>
      {blocked && (
        <p className={styles.blocked} role="alert">
          {blocked}
        </p>
      )}
      <form className={styles.form} onSubmit={send} noValidate>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-template`}>
            Template
          </label>
          <select className={forms.input} id={`${id}-template`} value={templateId} onChange={(e) => pick(e.target.value)} disabled={!templates}>
            <option value="">{templates === null ? 'Loading templates…' : templates.length ? 'No template' : 'No templates yet'}</option>
            {(
              [
                ['office', 'Office'],
                ['personal', 'Mine'],
              ] as const
            ).map(([scope, label]) => {
              const ofScope = templates?.filter((t) => t.scope === scope) ?? [];
              return (
                ofScope.length > 0 && (
                  <optgroup key={scope} label={label}>
                    {ofScope.map((t) => (
                      <option key={t.templateId} value={t.templateId}>
                        {t.name}
                      </option>
                    ))}
                  </optgroup>
                )
              );
            })}
          </select>
        </div>
        <EmailDraftFields
          id={id}
          subject={subject}
          body={body}
          onSubject={setSubject}
          onBody={setBody}
          invalid={unknown.length > 0}
          describedBy={`${id}-format`}
          bodyRef={bodyRef}
        >
          <p id={`${id}-format`} className={common.hint}>
            Plain text: a blank line starts a paragraph, lines starting with “- ” become a list, web addresses become links.
          </p>
        </EmailDraftFields>
        <div className={styles.insert}>
          <label className={forms.label} htmlFor={`${id}-field`}>
            Merge field
          </label>
          <select className={forms.input} id={`${id}-field`} value={field} onChange={(e) => setField(e.target.value as MergeField)}>
            {MERGE_FIELDS.map((f) => (
              <option key={f} value={f}>
                {`{${f}}`} — {MERGE_FIELD_LABELS[f]}
              </option>
            ))}
          </select>
          <button type="button" className="btn" onClick={insert}>
            Insert
          </button>
        </div>
        {unknown.length > 0 && <p className={common.error}>{unknownMergeFieldsMessage(unknown)}</p>}
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={sending || !!blocked}>
            {sending ? 'Sending…' : 'Send e-mail'}
          </button>
          <StatusLine status={status} />
        </div>
      </form>
      <section className={styles.preview} aria-labelledby={`${id}-preview`}>
        <h4 id={`${id}-preview`}>Preview{preview?.to ? ` — to ${preview.to}` : ''}</h4>
        {preview && (preview.subject || preview.body) ? (
          <>
            <p className={styles.previewSubject}>{preview.subject || '(no subject)'}</p>
            <div className={styles.previewBody}>{preview.body}</div>
            {preview.emptyFields.length > 0 && (
              <p className={common.hint}>
                Empty for {leadName}: {preview.emptyFields.map((f) => `{${f}}`).join(', ')}. A line left without them is left out.
              </p>
            )}
          </>
        ) : (
          <p className={common.hint}>Pick a template or write a message to see it as {leadName} will.</p>
        )}
      </section>
    </section>
  );
}
