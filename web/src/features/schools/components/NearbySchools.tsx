import { useCallback, useEffect, useState } from 'react';
import { SCHOOL_RADIUS_MILES, type NearbySchool } from '../../../../../src/contract/schools';
import { ApiError, isAbort } from '../../../api/http';
import { useT } from '../../../ui/translations';
import { nearbySchools } from '../api/schools';
import styles from './NearbySchools.module.css';

/** `message` null: the network failed (said in the reader's language when drawn). */
type State =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly message: string | null }
  | { readonly kind: 'loaded'; readonly schools: readonly NearbySchool[] };

const miles = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} mi`;

/** "Nearby schools" on a listing page: the public schools nearest the home, from the imported NCES files. */
export function NearbySchools({ latitude, longitude }: { readonly latitude: number; readonly longitude: number }) {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    nearbySchools(latitude, longitude, controller.signal).then(
      (r) => setState({ kind: 'loaded', schools: r.schools }),
      (err: unknown) => {
        if (isAbort(err)) return;
        setState({ kind: 'failed', message: err instanceof ApiError && err.status > 0 ? err.message : null });
      },
    );
    return () => controller.abort();
    // Not on `t`: a new translator each render would abort and restart the request for ever.
  }, [latitude, longitude, attempt]);

  return (
    <section className={styles.section} aria-labelledby="nearby-schools" aria-busy={state.kind === 'loading'}>
      <h2 id="nearby-schools">{t('schools.title', 'Nearby schools')}</h2>
      {state.kind === 'loading' && <p className={styles.empty}>{t('schools.loading', 'Looking for schools near this home…')}</p>}
      {state.kind === 'failed' && (
        <p className={styles.empty} role="alert">
          {state.message ?? t('schools.offline', 'Schools could not be loaded. Check your connection.')}
          <button type="button" className={`btn ${styles.retry}`} onClick={retry}>
            {t('schools.retry', 'Try again')}
          </button>
        </p>
      )}
      {state.kind === 'loaded' && state.schools.length === 0 && (
        <p className={styles.empty}>
          {t('schools.none', 'No public schools within {miles} miles of this home are on file.', { miles: String(SCHOOL_RADIUS_MILES) })}
        </p>
      )}
      {state.kind === 'loaded' && state.schools.length > 0 && (
        <>
          <ul className={styles.list}>
            {state.schools.map((s) => (
              <li key={s.ncessch} className={styles.school}>
                <div>
                  <p className={styles.name}>{s.name}</p>
                  <p className={styles.meta}>
                    {[s.level ?? t('schools.levelUnknown', 'Level not given'), s.grades && t('schools.grades', 'Grades {grades}', { grades: s.grades })]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <span className={styles.distance} aria-label={t('schools.distanceLabel', '{miles} miles away', { miles: s.distanceMiles.toFixed(1) })}>
                  {miles(s.distanceMiles)}
                </span>
              </li>
            ))}
          </ul>
          <p className={styles.note}>
            {t(
              'schools.source',
              'Public schools from the NCES Common Core of Data; distances are straight-line. Check attendance zones with the school district.',
            )}
          </p>
        </>
      )}
    </section>
  );
}
