import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/http';
import { Section } from '../../ui/Section';
import { useT } from '../../ui/translations';
import { type LeadShowingView, STATUS_WORDS, showingsAnswerApi } from './showingsAnswerApi';
import styles from './OrganizerPage.module.css';
import { SaidAndRefused } from '../../ui/SaidAndRefused';

/**
 * The lead's showings in their organizer (issue 16): each with its time on the listing's clock
 * and its state; a time the agent proposed is accepted here (or with the e-mail's link), and any
 * showing ahead can be cancelled after a second look (the agent is told at once).
 */
export function ShowingsSection() {
  const t = useT();
  const [showings, setShowings] = useState<readonly LeadShowingView[] | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Loaded once per mount; the failure reads in the language current when it fails.
  const translate = useRef(t);
  translate.current = t;
  const load = useCallback(() => {
    showingsAnswerApi.mine().then(
      (r) => setShowings(r.showings),
      (err: unknown) => setError(err instanceof ApiError ? err.message : translate.current('showings.loadFailed', 'Your showings could not be loaded')),
    );
  }, []);
  useEffect(load, [load]);

  const act = (run: () => Promise<{ showing: LeadShowingView }>, done: string) => {
    setError(null);
    setSaid(null);
    run().then(
      (r) => {
        setShowings((l) => l && l.map((s) => (s.showingId === r.showing.showingId ? r.showing : s)));
        setAsking(null);
        setSaid(done);
      },
      (err: unknown) => {
        setError(err instanceof ApiError ? err.message : t('showings.failed', 'That did not work; please try again.'));
        load();
      },
    );
  };

  const upcoming = (showings ?? []).filter((s) => s.status !== 'done');
  return (
    <Section id="org-showings" title={t('showings.title', 'Showings')} className={styles.card} headingClassName={styles.heading}>
      {showings === null && !error ? (
        <p className={styles.empty} aria-busy="true">
          {t('organizer.loading', 'Loading…')}
        </p>
      ) : upcoming.length === 0 ? (
        <p className={styles.empty}>{t('showings.none', 'No showings. Use “Request a showing” on a home you like.')}</p>
      ) : (
        <ul className={styles.list}>
          {upcoming.map((s) => (
            <li key={s.showingId} className={styles.row}>
              <span className={styles.name}>
                {s.address}
                <span className={styles.sub}>
                  {s.when} · {s.canAccept ? t('showings.proposed', 'Your agent proposes this time') : t(`showings.status.${s.status}`, STATUS_WORDS[s.status])}
                </span>
              </span>
              {s.canAccept && (
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() =>
                    act(
                      () => showingsAnswerApi.accept(s.showingId, s.sequence),
                      t('showings.accepted', 'Accepted: {address}, {when}.', { address: s.address, when: s.when }),
                    )
                  }
                >
                  {t('showings.accept', 'Accept this time')}
                </button>
              )}
              {(s.status === 'requested' || s.status === 'confirmed') &&
                (asking === s.showingId ? (
                  <span className={styles.create} role="group" aria-label={t('showings.askCancel', 'Cancel the showing of {address}?', { address: s.address })}>
                    <button
                      type="button"
                      className="btn"
                      onClick={() =>
                        act(
                          () => showingsAnswerApi.cancel(s.showingId),
                          t('showings.cancelled', 'Cancelled: {address}. Your agent is told.', { address: s.address }),
                        )
                      }
                    >
                      {t('showings.yesCancel', 'Yes, cancel it')}
                    </button>
                    <button type="button" className="btn" onClick={() => setAsking(null)}>
                      {t('showings.keep', 'Keep it')}
                    </button>
                  </span>
                ) : (
                  <button
                    type="button"
                    className="btn"
                    aria-label={t('showings.cancelOf', 'Cancel the showing of {address}', { address: s.address })}
                    onClick={() => setAsking(s.showingId)}
                  >
                    {t('showings.cancel', 'Cancel')}
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
      <SaidAndRefused status={said} error={error} />
    </Section>
  );
}
