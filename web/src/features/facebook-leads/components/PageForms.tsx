import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { ResponseOf } from '../../../../../src/contract/route';
import type { contract } from '../../../../../src/contract/routes';
import { facebookLeadsApi } from '../api/facebookLeadsApi';
import styles from './FacebookLeadsView.module.css';

type Form = ResponseOf<typeof contract.facebook.forms>['forms'][number];
type Page = { readonly pageId: string; readonly name: string };

/** A page's lead forms, read from Facebook, each with the source its leads are filed under (editable). */
export function PageForms({ page, onRefused }: { readonly page: Page; readonly onRefused: (problem: string) => void }) {
  const [forms, setForms] = useState<Form[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void facebookLeadsApi.forms(page.pageId).then(
      (r) => setForms(r.forms),
      (err: unknown) => {
        const message = err instanceof ApiError ? err.message : 'Could not read the page’s forms from Facebook';
        setError(message);
        if (err instanceof ApiError && err.status === 409) onRefused(message);
      },
    );
    // Read once per opening; onRefused changes identity with every render of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page.pageId]);

  if (error)
    return (
      <p role="alert" className={styles.error}>
        {error}
      </p>
    );
  if (forms === null) return <p aria-busy="true">Reading the forms from Facebook…</p>;
  if (forms.length === 0) return <p>This page has no lead forms yet. Make one in Meta Ads Manager; it shows here.</p>;
  return (
    <ul className={styles.forms} aria-label={`Lead forms of ${page.name}`}>
      {forms.map((f) => (
        <FormRow key={f.formId} pageId={page.pageId} form={f} />
      ))}
    </ul>
  );
}

function FormRow({ pageId, form }: { readonly pageId: string; readonly form: Form }) {
  const [source, setSource] = useState(form.source);
  const [saved, setSaved] = useState(form.source);
  const [note, setNote] = useState<{ text: string; bad: boolean } | null>(null);
  const field = useId();

  const save = (e: FormEvent) => {
    e.preventDefault();
    setNote(null);
    facebookLeadsApi.nameForm(pageId, form.formId, source.trim()).then(
      () => {
        setSaved(source.trim());
        setNote({ text: 'Saved: new leads of this form are filed under it.', bad: false });
      },
      (err: unknown) => setNote({ text: err instanceof ApiError ? err.message : 'Could not save the source', bad: true }),
    );
  };

  return (
    <li className={styles.formRow} data-form={form.formId}>
      <div>
        <strong>{form.name}</strong> <span className={styles.muted}>{form.status.toLowerCase()}</span>
      </div>
      <form className={styles.sourceForm} onSubmit={save}>
        <label htmlFor={field}>Source of its leads</label>
        <input id={field} value={source} onChange={(e) => setSource(e.target.value)} maxLength={120} required autoComplete="off" />
        <button type="submit" className="btn" disabled={source.trim() === saved || !source.trim()}>
          Save<span className="visually-hidden"> source of {form.name}</span>
        </button>
      </form>
      <p role="status" className={note?.bad ? styles.error : styles.muted}>
        {note?.text}
      </p>
    </li>
  );
}
