import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef } from 'react';
import { clearTranslation, type TranslationEditor, translationEditor, saveTranslation } from '../../api/translations';
import { useRealtime } from '../../api/realtime';
import { Link } from '../../app/Link';
import { useCurrentUser } from '../../app/currentUser';
import { navigate, useLocation } from '../../app/location';
import { useToast } from '../../ui/useToast';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable';
import page from './TranslationsPage.module.css';

/**
 * /dashboard/settings/advanced/translations/?language=&transid=&translang= (level 25): every
 * translatable label with its text in `language` and an editable text in `translang`; the row
 * of `transid` is the one the staff member clicked on the site, focused.
 */
export function TranslationsPage() {
  const loc = useLocation();
  const params = new URLSearchParams(loc.search);
  const language = params.get('language') || 'en';
  const translang = params.get('translang') || (language === 'en' ? 'es' : language);
  const transid = params.get('transid');
  const { ready, user } = useCurrentUser();
  const toast = useToast();
  const focused = useRef<HTMLInputElement | null>(null);
  const staff = !!user && user.securityLevel >= 25;
  // Keyed by both languages: a late answer for the languages picked before lands under their key, never on this page.
  const query = useQuery({
    queryKey: ['backoffice', 'translations', language, translang],
    queryFn: ({ signal }) => translationEditor(language, translang, signal),
    enabled: staff,
    // The language pickers keep their list meanwhile; the rows are only ever the current languages'.
    placeholderData: keepPreviousData,
  });
  const editor = query.isPlaceholderData ? null : (query.data ?? null);
  const languages = query.data?.languages ?? [];
  const error = query.error?.message ?? null;
  const client = useQueryClient();
  const load = useCallback(() => void client.invalidateQueries({ queryKey: ['backoffice', 'translations'] }), [client]);
  useEffect(() => {
    document.title = 'Translations · Porchlight';
  }, []);
  useEffect(() => {
    if (editor && focused.current) {
      focused.current.focus();
      focused.current.scrollIntoView?.({ block: 'center' });
    }
  }, [editor]);
  useRealtime('translations.changed', load, { enabled: staff });

  if (!ready) return <main id="main" className="page-loading" aria-busy="true" />;
  if (!user || user.securityLevel < 25) {
    return (
      <main id="main" className={`${styles.page} ${styles.gate}`}>
        <h1 className={styles.title}>Translations</h1>
        <p>The translation editor is for product staff.</p>
      </main>
    );
  }

  const go = (next: Record<string, string>) => {
    const u = new URLSearchParams({ language, translang, ...(transid ? { transid } : {}), ...next });
    navigate(`/dashboard/settings/advanced/translations/?${u}`, { replace: true });
  };
  const save = async (e: FormEvent<HTMLFormElement>, transId: string) => {
    e.preventDefault();
    const text = String(new FormData(e.currentTarget).get('text') ?? '');
    try {
      const r = await saveTranslation(translang, transId, text);
      toast({ tone: 'success', message: r.changed ? `Saved “${r.text}”` : 'No change' });
      load();
    } catch (err) {
      toast({ tone: 'error', title: 'Translation not saved', message: (err as Error).message });
    }
  };

  const clear = async (transId: string) => {
    try {
      const r = await clearTranslation(translang, transId);
      toast({ tone: 'success', message: r.changed ? 'Cleared: the site shows the English text' : 'No change' });
      load();
    } catch (err) {
      toast({ tone: 'error', title: 'Translation not cleared', message: (err as Error).message });
    }
  };

  return (
    <main id="main" className={styles.page}>
      <header className={styles.top}>
        <div>
          <p className={styles.eyebrow}>Settings · Advanced</p>
          <h1 className={styles.title}>Translations</h1>
        </div>
        <Link href="/dashboard/backoffice" className={styles.small}>
          Back-office
        </Link>
      </header>
      <section className={styles.card}>
        <div className={styles.filters}>
          <LanguageSelect label="Shown in" value={language} languages={languages} onChange={(v) => go({ language: v })} />
          <LanguageSelect label="Translate into" value={translang} languages={languages} onChange={(v) => go({ translang: v })} />
        </div>
        {error && <p className={styles.error}>{error}</p>}
        <DataTable columns={['Label', `Text (${language})`, `Translation (${translang})`]}>
          {editor?.entries.map((e) => (
            <tr key={e.transId} data-selected={e.transId === transid}>
              <td>
                <span className={styles.mono}>{e.transId}</span>
                <span className={`${page.where} ${styles.small}`}>{e.where}</span>
              </td>
              <td>{e.source}</td>
              <td>
                <form className={page.row} onSubmit={(ev) => void save(ev, e.transId)}>
                  <input
                    ref={e.transId === transid ? focused : undefined}
                    className={styles.input}
                    name="text"
                    defaultValue={e.text ?? ''}
                    placeholder={e.default}
                    aria-label={`${e.transId} in ${translang}`}
                    key={`${translang}-${e.text ?? ''}`}
                  />
                  <button type="submit" className={`btn ${styles.btnSmall}`}>
                    Save
                  </button>
                  {e.text !== null && (
                    <button
                      type="button"
                      className={`btn ${styles.btnSmall}`}
                      aria-label={`Clear ${e.transId} in ${translang}`}
                      onClick={() => void clear(e.transId)}
                    >
                      Clear
                    </button>
                  )}
                </form>
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </main>
  );
}

function LanguageSelect({
  label,
  value,
  languages,
  onChange,
}: {
  label: string;
  value: string;
  languages: TranslationEditor['languages'];
  onChange: (code: string) => void;
}) {
  return (
    <label className={styles.field}>
      {label}
      <select className={styles.select} value={value} onChange={(e) => onChange(e.target.value)}>
        {languages.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
