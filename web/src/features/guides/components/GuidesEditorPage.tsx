import { type FormEvent, useEffect, useId, useState } from 'react';
import { GUIDE_BODY_MAX, GUIDE_PHOTOS_MAX, GUIDE_TITLE_MAX, type GuideView } from '../../../../../src/contract/guides';
import type { AreaKind } from '../../../../../src/contract/public-pages';
import { uploadFile } from '../../../api/account';
import { Link } from '../../../app/Link';
import { useCurrentUser } from '../../../app/currentUser';
import forms from '../../../ui/forms.module.css';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { archiveGuide, createGuide, type GuideInput, myGuides, saveGuide } from '../api/guides';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import styles from './GuidesEditorPage.module.css';

const BROKER = 15;
const STAFF = 25;

type Draft = { guideId: string | null; title: string; kind: AreaKind; label: string; body: string; photos: string[]; officeId: string };
const EMPTY: Draft = { guideId: null, title: '', kind: 'city', label: '', body: '', photos: [], officeId: '' };
const draftOf = (g: GuideView): Draft => ({
  guideId: g.guideId,
  title: g.title,
  kind: g.area.kind,
  label: g.area.label,
  body: g.body,
  photos: [...g.photos],
  officeId: '',
});

/**
 * /dashboard/guides: the office's area guides, written by its broker (staff: any office's). The
 * text is plain: a blank line starts a paragraph; nothing in it is read as HTML.
 */
export function GuidesEditorPage() {
  useDocumentTitle('Area guides');
  const { ready, user } = useCurrentUser();
  const [guides, setGuides] = useState<GuideView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<GuideView | null>(null);
  const [archiving, setArchiving] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const ids = useId();
  const may = !!user && user.securityLevel >= BROKER;

  useEffect(() => {
    if (!may) return;
    myGuides().then(
      (r) => setGuides(r.guides),
      (err: unknown) => setLoadError(err instanceof Error ? err.message : String(err)),
    );
  }, [may]);

  if (!ready) return <main id="main" className="page-loading" aria-busy="true" />;
  if (!may)
    return (
      <main id="main" className="simple-page">
        <h1>Area guides</h1>
        <p role="alert">{user ? 'Only the broker or staff write area guides.' : 'Please sign in as the broker to write area guides.'}</p>
        <p>
          <Link href="/dashboard">Back to the dashboard</Link>
        </p>
      </main>
    );

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const pick = (d: Draft) => {
    setDraft(d);
    setError(null);
    setSaved(null);
    setSaid(null);
  };

  /** Takes the open guide down, after the dialog's yes: its page and links go; the list forgets it. */
  /** A refusal is said in the dialog, which stays open. */
  const archive = async () => {
    const { guideId, title } = draft;
    if (!guideId) return;
    setError(null);
    await archiveGuide(guideId);
    setArchiving(false);
    setGuides((list) => (list ?? []).filter((g) => g.guideId !== guideId));
    pick(EMPTY);
    setSaid(`“${title}” was deleted: its page is gone.`);
  };

  const addPhoto = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const url = await uploadFile(file);
      setDraft((d) => ({ ...d, photos: [...d.photos, url] }));
    } catch (err) {
      setError(`The photo could not be uploaded: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSaved(null);
    setBusy(true);
    try {
      const input: GuideInput = { title: draft.title, area: { kind: draft.kind, label: draft.label }, body: draft.body, photos: draft.photos };
      const g = draft.guideId
        ? await saveGuide(draft.guideId, input)
        : await createGuide(user.securityLevel >= STAFF && draft.officeId ? { ...input, officeId: draft.officeId } : input);
      setSaved(g);
      setDraft(draftOf(g));
      setGuides((list) => [g, ...(list ?? []).filter((x) => x.guideId !== g.guideId)]);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className={styles.page}>
      <header className={styles.head}>
        <h1>Area guides</h1>
        <Link href="/dashboard">Back to the dashboard</Link>
      </header>
      <div className={styles.layout}>
        <nav aria-label="Your guides">
          <button type="button" className="btn btn-primary" onClick={() => pick(EMPTY)}>
            New guide
          </button>
          {loadError && <p role="alert">{loadError}</p>}
          {guides === null && !loadError && <p className={styles.empty}>Loading your guides…</p>}
          {said && (
            <p role="status" className={styles.empty}>
              {said}
            </p>
          )}
          {guides?.length === 0 && <p className={styles.empty}>No guides yet. Write the first one: a neighbourhood your office knows well.</p>}
          {guides && guides.length > 0 && (
            <ul className={styles.list}>
              {guides.map((g) => (
                <li key={g.guideId}>
                  <button type="button" aria-current={draft.guideId === g.guideId} onClick={() => pick(draftOf(g))}>
                    {g.title}
                    <small>{g.area.label}</small>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <form className={forms.form} onSubmit={submit} aria-labelledby={`${ids}-h`} noValidate>
          <h2 id={`${ids}-h`}>{draft.guideId ? 'Edit guide' : 'New guide'}</h2>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${ids}-title`}>
              Title
            </label>
            <input
              id={`${ids}-title`}
              className={forms.input}
              value={draft.title}
              maxLength={GUIDE_TITLE_MAX}
              required
              onChange={(e) => set('title', e.target.value)}
            />
          </div>
          <fieldset className={forms.fieldset}>
            <legend className={forms.legend}>Area (its market numbers come from its listings)</legend>
            <div className={styles.areaRow}>
              <div className={forms.field}>
                <label className={forms.label} htmlFor={`${ids}-kind`}>
                  Kind
                </label>
                <select id={`${ids}-kind`} className={forms.input} value={draft.kind} onChange={(e) => set('kind', e.target.value as AreaKind)}>
                  <option value="city">City</option>
                  <option value="county">County</option>
                  <option value="zip">Zip code</option>
                </select>
              </div>
              <div className={forms.field}>
                <label className={forms.label} htmlFor={`${ids}-area`}>
                  Name
                </label>
                <input
                  id={`${ids}-area`}
                  className={forms.input}
                  value={draft.label}
                  maxLength={100}
                  placeholder="Seattle"
                  onChange={(e) => set('label', e.target.value)}
                />
              </div>
            </div>
          </fieldset>
          {user.securityLevel >= STAFF && !draft.guideId && (
            <div className={forms.field}>
              <label className={forms.label} htmlFor={`${ids}-office`}>
                Office (the broker's id)
              </label>
              <input id={`${ids}-office`} className={forms.input} value={draft.officeId} onChange={(e) => set('officeId', e.target.value.trim())} />
            </div>
          )}
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${ids}-body`}>
              Text
            </label>
            <textarea
              id={`${ids}-body`}
              className={`${forms.input} ${styles.textarea}`}
              value={draft.body}
              maxLength={GUIDE_BODY_MAX}
              aria-describedby={`${ids}-body-hint`}
              onChange={(e) => set('body', e.target.value)}
            />
            <p id={`${ids}-body-hint`} className={forms.hint}>
              Plain text: leave a blank line between paragraphs.
            </p>
          </div>
          <fieldset className={forms.fieldset}>
            <legend className={forms.legend}>Photos</legend>
            {draft.photos.length === 0 ? (
              <p className={styles.empty}>No photos yet.</p>
            ) : (
              <ul className={styles.photos}>
                {draft.photos.map((src, i) => (
                  <li key={src}>
                    <img src={src} alt={`Photo ${i + 1}`} />
                    <button
                      type="button"
                      className="btn"
                      onClick={() =>
                        set(
                          'photos',
                          draft.photos.filter((p) => p !== src),
                        )
                      }
                    >
                      Remove photo {i + 1}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {draft.photos.length < GUIDE_PHOTOS_MAX && (
              <div className={forms.field}>
                <label className={forms.label} htmlFor={`${ids}-photo`}>
                  Add a photo (JPEG, PNG, GIF or WebP)
                </label>
                <input
                  id={`${ids}-photo`}
                  type="file"
                  accept="image/jpeg,image/png,image/gif,image/webp"
                  disabled={busy}
                  onChange={(e) => {
                    void addPhoto(e.target.files?.[0]);
                    e.target.value = '';
                  }}
                />
              </div>
            )}
          </fieldset>
          {error && (
            <p className={forms.error} role="alert">
              {error}
            </p>
          )}
          {saved && (
            <p className={forms.success} role="status">
              Saved. <Link href={saved.path}>View the public page</Link>
            </p>
          )}
          <div className={forms.actions}>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving…' : 'Save guide'}
            </button>
            {draft.guideId && (
              <button type="button" className={`btn ${styles.danger}`} disabled={busy} onClick={() => setArchiving(true)}>
                Delete guide
              </button>
            )}
          </div>
        </form>
      </div>
      <ConfirmDialog
        open={archiving}
        title="Delete this guide?"
        keepLabel="Keep it"
        action="Delete guide"
        busyAction="Deleting…"
        onCancel={() => setArchiving(false)}
        onConfirm={archive}
      >
        <p>“{draft.title}” leaves the site: its page answers “not found”, and it goes from the sitemap and the area’s page.</p>
      </ConfirmDialog>
    </main>
  );
}
