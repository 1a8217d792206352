import { useEffect, useState } from 'react';
import { ApiError } from '../../api/http';
import { Link } from '../../app/Link';
import { useLocation } from '../../app/location';
import { labelsLoaded, useT } from '../../ui/translations';
import { type LeadShowingView, STATUS_WORDS, showingsAnswerApi } from './showingsAnswerApi';

/**
 * `/showings/answer?t=`: where the proposal e-mail's link lands (issue 16). Opening it changes
 * nothing (mail scanners open links); the lead accepts with the button, without signing in. A
 * link for a time changed since, or used already, says so.
 */
export function ShowingAnswerPage() {
  const token = new URLSearchParams(useLocation().search).get('t') ?? '';
  const [showing, setShowing] = useState<LeadShowingView | null>(null);
  const [stale, setStale] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const title = t('showingAnswer.title', 'Your showing');

  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    showingsAnswerApi.byLink(token).then(
      (r) => {
        setShowing(r.showing);
        setStale(r.showing.status === 'requested' && r.showing.sequence !== r.linkSequence);
      },
      (err: unknown) =>
        void labelsLoaded().then((tr) => setError(err instanceof ApiError ? err.message : tr('showingAnswer.badLink', 'This link could not be opened'))),
    );
  }, [token]);

  const accept = () => {
    setBusy(true);
    setError(null);
    showingsAnswerApi
      .acceptByLink(token)
      .then(
        (r) => {
          setShowing(r.showing);
          setSaid(t('showingAnswer.confirmed', 'Thank you: your showing is confirmed. The invitation is on its way to your e-mail.'));
        },
        (err: unknown) => setError(err instanceof ApiError ? err.message : t('showings.failed', 'That did not work; please try again.')),
      )
      .finally(() => setBusy(false));
  };

  return (
    <main id="main" className="simple-page">
      <h1>{title}</h1>
      {showing && (
        <>
          <p>
            <strong>{showing.address}</strong>
            <br />
            {showing.when}
          </p>
          <p>
            {stale
              ? t('showingAnswer.stale', 'Your agent changed this time since the e-mail: see the new one in your organizer.')
              : showing.canAccept
                ? t('showingAnswer.proposed', 'Your agent proposes this time.')
                : t(`showings.status.${showing.status}`, STATUS_WORDS[showing.status])}
          </p>
          {showing.canAccept && !stale && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={accept}>
              {busy ? t('showingAnswer.accepting', 'Accepting…') : t('showings.accept', 'Accept this time')}
            </button>
          )}
        </>
      )}
      <p role="status">{said}</p>
      {error && <p role="alert">{error}</p>}
      <p>
        {t('showingAnswer.other', 'Another time would suit you better? Reply to the e-mail to reach your agent, or answer in')}{' '}
        <Link href="/organizer">{t('showingAnswer.organizer', 'your organizer')}</Link>.
      </p>
    </main>
  );
}
