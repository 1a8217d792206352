import { type FormEvent, useEffect, useId, useLayoutEffect, useState } from 'react';
import { ApiError } from '../../../api/http';
import { TEMPLATE_NAME_MAX } from '../../../../../src/contract/lead-email';
import { MERGE_FIELD_LABELS, MERGE_FIELDS, unknownMergeFields, unknownMergeFieldsMessage } from '../../../../../src/contract/merge-fields';
import type { Role } from '../../../api/dashboardApi';
import { EmailDraftFields } from '../../conversation';
import { type EmailTemplateView, emailApi, type TemplateScope } from '../../conversation';
import forms from '../../../ui/forms.module.css';
import { OfficePicker, useStaffOffice } from '../../../ui/OfficePicker';
import styles from '../../../ui/EmailTemplatesPanel.module.css';
import common from '../../../ui/Tasks.module.css';
import { type Status, StatusLine } from '../../../ui/StatusLine';
import { StarterKit } from '../../starter-kit';

type Draft = { readonly scope: TemplateScope; readonly name: string; readonly subject: string; readonly body: string };
const EMPTY: Draft = { scope: 'personal', name: '', subject: '', body: '' };

/**
 * The e-mail templates manager (`/dashboard?view=templates`): the agent's own templates, and the
 * office's (read-only for agents, the broker's to write). Merge fields are listed with what
 * they become; an unknown one is named while typing, and refused by the server on save.
 */
export function EmailTemplatesPanel({ role }: { readonly role: Role }) {
  const id = useId();
  const [templates, setTemplates] = useState<readonly EmailTemplateView[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<EmailTemplateView | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [message, setMessage] = useState<Status>(null);
  const unknown = unknownMergeFields(draft.subject, draft.body);
  const [office, setOffice] = useStaffOffice();
  // Staff write an office's templates once they chose the office.
  const mayWriteOffice = role === 'broker' || (role === 'staff' && office !== null);

  const load = () =>
    emailApi.templates(office).then(
      (r) => {
        setTemplates(r.templates);
        setFailure(null);
      },
      (err: unknown) => setFailure(err instanceof ApiError ? err.message : 'The templates could not be loaded'),
    );
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [office]);

  const fail = (fallback: string) => (err: unknown) => setMessage({ error: true, text: err instanceof ApiError ? err.message : fallback });
  const reset = () => {
    setDraft(EMPTY);
    setEditing(null);
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    const text = { name: draft.name.trim(), subject: draft.subject.trim(), body: draft.body };
    if (unknown.length) return setMessage({ error: true, text: unknownMergeFieldsMessage(unknown) });
    if (!text.name) return setMessage({ error: true, text: 'Please name the template' });
    // The list is kept here as the server answered (its read model follows a moment later).
    const put = (t: EmailTemplateView, what: string) => {
      setTemplates((ts) => [...(ts ?? []).filter((x) => x.templateId !== t.templateId), t].sort((a, b) => a.name.localeCompare(b.name)));
      setMessage({ error: false, text: what });
      reset();
    };
    const now = new Date().toISOString();
    (editing
      ? emailApi.changeTemplate(editing, text).then(() => put({ ...editing, ...text, updatedAt: now }, `Template “${text.name}” saved.`))
      : emailApi
          .createTemplate(draft.scope, text, office)
          .then((r) => put({ ...r, scope: draft.scope, ...text, updatedAt: now, editable: true }, `Template “${text.name}” added.`))
    ).catch(fail('The template could not be saved'));
  };

  const remove = (t: EmailTemplateView) =>
    emailApi
      .deleteTemplate(t)
      .then(() => {
        setConfirming(null);
        setMessage({ error: false, text: `Template “${t.name}” deleted.` });
        if (editing?.templateId === t.templateId) reset();
        setTemplates((ts) => (ts ?? []).filter((x) => x.templateId !== t.templateId));
      })
      .catch(fail('The template could not be deleted'));

  const edit = (t: EmailTemplateView) => {
    setEditing(t);
    setDraft({ scope: t.scope, name: t.name, subject: t.subject, body: t.body });
    setMessage(null);
  };
  // Focus moves to the name in the same commit that shows the edit form: a focus put off to the
  // next frame could land after the person (or a test) had started typing in another field, and
  // send the rest of their typing into the name.
  const editingId = editing?.templateId ?? null;
  useLayoutEffect(() => {
    if (editingId) document.getElementById(`${id}-name`)?.focus();
  }, [editingId, id]);

  const list = (scope: TemplateScope, title: string, empty: string) => {
    const mine = (templates ?? []).filter((t) => t.scope === scope);
    return (
      <section className={styles.section} aria-labelledby={`${id}-${scope}`}>
        <h2 id={`${id}-${scope}`}>{title}</h2>
        {templates === null ? (
          <p className={common.hint}>Loading…</p>
        ) : mine.length === 0 ? (
          <p className={common.empty}>{empty}</p>
        ) : (
          <ul className={styles.list}>
            {mine.map((t) => (
              <li key={t.templateId} className={styles.item}>
                <h3>{t.name}</h3>
                <p className={styles.subject}>{t.subject}</p>
                <p className={styles.body}>{t.body}</p>
                {t.editable && (
                  <div className={common.row}>
                    <button type="button" className={common.linkButton} onClick={() => edit(t)}>
                      Edit<span className="visually-hidden"> {t.name}</span>
                    </button>
                    {confirming === t.templateId ? (
                      <>
                        <span>Delete “{t.name}”?</span>
                        <button type="button" className={common.linkButton} onClick={() => void remove(t)}>
                          Yes, delete
                        </button>
                        <button type="button" className={common.linkButton} onClick={() => setConfirming(null)}>
                          Keep it
                        </button>
                      </>
                    ) : (
                      <button type="button" className={common.linkButton} onClick={() => setConfirming(t.templateId)}>
                        Delete<span className="visually-hidden"> {t.name}</span>
                      </button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  };

  return (
    <section className={styles.view} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>E-mail templates</h1>
      {role === 'staff' && <OfficePicker value={office} onChange={setOffice} none="No office (personal templates only)" />}
      <p className={styles.intro}>
        Office templates are there for everyone in the office{mayWriteOffice ? '' : ' (your broker writes them)'}; nobody else sees yours. Pick one when you
        e-mail a lead.
      </p>
      {failure && (
        <p role="alert" className={common.error}>
          {failure}
        </p>
      )}
      <StarterKit kind="templates" role={role} office={office} onCopied={() => setTimeout(() => void load(), 400)} />
      <div className={styles.columns}>
        <form className={styles.form} onSubmit={save} noValidate aria-labelledby={`${id}-form`}>
          <h2 id={`${id}-form`}>{editing ? `Edit “${editing.name}”` : 'New template'}</h2>
          {!editing && mayWriteOffice && (
            <div className={forms.field}>
              <span className={forms.label} id={`${id}-for`}>
                For
              </span>
              <fieldset className={`${common.scope} ${styles.scopeBar}`} aria-labelledby={`${id}-for`}>
                {(['personal', 'office'] as const).map((s) => (
                  <label key={s} className={common.scopeOption}>
                    <input type="radio" name={`${id}-scope`} value={s} checked={draft.scope === s} onChange={() => setDraft({ ...draft, scope: s })} />
                    {s === 'personal' ? 'Me' : 'The office'}
                  </label>
                ))}
              </fieldset>
            </div>
          )}
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-name`}>
              Name
            </label>
            <input
              className={forms.input}
              id={`${id}-name`}
              value={draft.name}
              maxLength={TEMPLATE_NAME_MAX}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              autoComplete="off"
            />
          </div>
          <EmailDraftFields
            id={id}
            subject={draft.subject}
            body={draft.body}
            onSubject={(subject) => setDraft({ ...draft, subject })}
            onBody={(body) => setDraft({ ...draft, body })}
            invalid={unknown.length > 0}
            describedBy={`${id}-hint`}
          />
          {unknown.length > 0 && <p className={common.error}>{unknownMergeFieldsMessage(unknown)}</p>}
          <div className={common.row}>
            <button type="submit" className="btn btn-primary">
              {editing ? 'Save template' : 'Add template'}
            </button>
            {editing && (
              <button type="button" className="btn" onClick={reset}>
                Cancel
              </button>
            )}
          </div>
          <StatusLine status={message} />
          <div className={styles.fields}>
            <h3>Merge fields</h3>
            <p id={`${id}-hint`} className={common.hint}>
              Type them in braces. An empty one goes with the space before it (“Hi {'{first_name}'},” becomes “Hi,”); a line left without words is left out.
            </p>
            <dl>
              {MERGE_FIELDS.map((f) => (
                <div key={f}>
                  <dt>
                    <code>{`{${f}}`}</code>
                  </dt>
                  <dd>{MERGE_FIELD_LABELS[f]}</dd>
                </div>
              ))}
            </dl>
          </div>
        </form>
        <div className={styles.lists}>
          {list('office', 'Office templates', mayWriteOffice ? 'No office templates yet. Add one for your agents.' : 'Your office has no templates yet.')}
          {list('personal', 'My templates', 'No templates of your own yet.')}
        </div>
      </div>
    </section>
  );
}
