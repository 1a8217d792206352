import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/http';
import { changeSavedSearch, deleteSavedSearch, type SavedSearch, savedSearches, setFavorite } from '../../api/organizer';
import { useCurrentUser } from '../../app/currentUser';
import { useT } from '../../ui/translations';
import { useToast } from '../../ui/useToast';
import { openSignIn } from '../sign-in';
import { keptOf } from './keptModel';
import { briefOf, favoritesOf, homeLabel } from './keptNotebooks';
import { KeptHome } from './KeptHome';
import { changeKept, loadKept, useKeptState } from './keptStore';
import { NotebooksSection } from './NotebooksSection';
import { PushOptIn } from './PushOptIn';
import { ShowingsSection } from './ShowingsSection';
import { SavedSearchRow } from './SavedSearchRow';
import styles from './OrganizerPage.module.css';
import { Section } from '../../ui/Section';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/** /organizer: the lead's saved searches (open, rename, alert frequency, delete), favourites and notebooks. */
export function OrganizerPage() {
  const { ready, user } = useCurrentUser();
  const toast = useToast();
  const [searches, setSearches] = useState<SavedSearch[] | null>(null);
  const kept = useKeptState();
  const t = useT();
  const title = t('organizer.title', 'Your organizer');
  useDocumentTitle(title);

  const load = useCallback(async () => {
    // Everything the lead keeps, with each home's brief, in one request.
    const [s] = await Promise.all([savedSearches(), loadKept(null, true)]);
    setSearches(s.searches);
  }, []);
  useEffect(() => {
    if (user) void load().catch(() => setSearches([]));
  }, [user, load]);

  const act = async (what: () => Promise<unknown>, done: string, change: (list: SavedSearch[]) => SavedSearch[]) => {
    try {
      await what();
      setSearches((list) => change(list ?? []));
      toast({ message: done, tone: 'success' });
    } catch (err) {
      toast({ message: err instanceof ApiError ? err.message : t('organizer.failed', 'Something went wrong'), tone: 'error' });
    }
  };

  if (!ready) return <main id="main" className="page-loading" aria-busy="true" />;
  if (!user) {
    return (
      <main id="main" className="simple-page">
        <h1>{title}</h1>
        <p>{t('organizer.signInLead', 'Sign in to see your saved searches, favourite homes and notebooks.')}</p>
        <button type="button" className="btn btn-primary" onClick={openSignIn}>
          {t('signin.title', 'Sign in')}
        </button>
      </main>
    );
  }
  const favorites = favoritesOf(kept);
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <Section id="org-searches" title={t('organizer.searches', 'Saved searches')} className={styles.card} headingClassName={styles.heading}>
        {searches === null ? (
          <p className={styles.empty} aria-busy="true">
            {t('organizer.loading', 'Loading…')}
          </p>
        ) : searches.length === 0 ? (
          <p className={styles.empty}>{t('organizer.noSearches', 'No saved searches yet. Use “Save search” on the search page.')}</p>
        ) : (
          <ul className={styles.list}>
            {searches.map((s) => (
              <SavedSearchRow
                key={s.searchId}
                search={s}
                onRename={(name) =>
                  act(
                    () => changeSavedSearch(s.searchId, { name }),
                    t('organizer.renamed', 'Renamed.'),
                    (l) => l.map((x) => (x.searchId === s.searchId ? { ...x, name } : x)),
                  )
                }
                onFrequency={(frequency) =>
                  act(
                    () => changeSavedSearch(s.searchId, { frequency }),
                    t('organizer.frequencySaved', 'Alert frequency saved.'),
                    (l) => l.map((x) => (x.searchId === s.searchId ? { ...x, frequency } : x)),
                  )
                }
                onDelete={() =>
                  act(
                    () => deleteSavedSearch(s.searchId),
                    t('organizer.deleted', 'Saved search deleted.'),
                    (l) => l.filter((x) => x.searchId !== s.searchId),
                  )
                }
              />
            ))}
          </ul>
        )}
      </Section>
      <Section id="org-favorites" title={t('organizer.favorites', 'Favourites')} className={styles.card} headingClassName={styles.heading}>
        {favorites.length === 0 ? (
          <p className={styles.empty}>{t('organizer.noFavorites', 'No favourites yet.')}</p>
        ) : (
          <ul className={styles.list}>
            {favorites.map((pdid) => (
              <li key={pdid} className={styles.row}>
                <KeptHome pdid={pdid} brief={briefOf(kept, pdid)} note={keptOf(kept, pdid).note} />
                <button
                  type="button"
                  className="btn"
                  aria-label={t('organizer.removeFavorite', 'Remove {home} from favourites', { home: homeLabel(kept, pdid) })}
                  onClick={() =>
                    void changeKept(pdid, { favorite: false }, () => setFavorite(pdid, false)).catch(() =>
                      toast({ message: t('organizer.notSaved', 'That did not save; please try again.'), tone: 'error' }),
                    )
                  }
                >
                  {t('organizer.remove', 'Remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <ShowingsSection />
      <NotebooksSection />
      <Section id="org-notifications" title={t('organizer.notifications', 'Notifications')} className={styles.card} headingClassName={styles.heading}>
        <PushOptIn />
      </Section>
    </main>
  );
}
