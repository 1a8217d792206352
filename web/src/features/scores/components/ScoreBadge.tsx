import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { Modal } from '../../../ui/Modal';
import { fullDate } from '../../../lib/dashboardFormat';
import { type LeadScoreView, scoreApi } from '../api/scoreApi';
import styles from './ScoreBadge.module.css';

/** Event types in words, for the breakdown's "what caused it" column. */
const EVENT_WORDS: Record<string, string> = {
  ListingViewed: 'Home viewed',
  ListingFavorited: 'Favourite saved',
  ListingShared: 'Home shared',
  ShowingRequested: 'Showing requested',
  TextMessageReceived: 'Text received',
  LeadEmailReceived: 'E-mail received',
  ChatMessageSent: 'Chat message',
  PropertyAlertOpened: 'Alert opened',
  LeadStageChanged: 'Stage changed',
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The lead's score on its page (issue 19 part 3): a button with the number, which opens the
 * breakdown: every contribution with the event that caused it and when, adding up to the score;
 * a date picker shows the score as it was at the end of that day.
 */
export function ScoreBadge({ leadId, score }: { leadId: string; score: number }) {
  const [open, setOpen] = useState(false);
  const [asOf, setAsOf] = useState('');
  const [view, setView] = useState<LeadScoreView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dateId = useId();

  useEffect(() => {
    if (!open) return;
    let live = true;
    setError(null);
    scoreApi
      .score(leadId, asOf || undefined)
      .then((v) => live && setView(v))
      .catch((err: unknown) => live && setError(err instanceof ApiError ? err.message : 'The score could not be loaded'));
    return () => {
      live = false;
    };
  }, [open, leadId, asOf]);

  return (
    <>
      <button type="button" className={styles.badge} onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="score-badge">
        <span className={styles.number}>{score}</span>
        <span className={styles.label}>Score</span>
      </button>
      <Modal open={open} title="Why this score" onClose={() => setOpen(false)}>
        <div className={styles.asOf}>
          <label htmlFor={dateId}>As of</label>
          <input id={dateId} type="date" max={today()} value={asOf} onChange={(e) => setAsOf(e.target.value)} />
          {asOf && (
            <button type="button" className="btn" onClick={() => setAsOf('')}>
              Now
            </button>
          )}
        </div>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        {view && (
          <>
            <p className={styles.total} aria-live="polite">
              Score <strong>{view.score}</strong> of 100{asOf ? ` at the end of ${asOf}` : ''} · rules version {view.rulesVersion}
            </p>
            {view.contributions.length === 0 ? (
              <p className={styles.empty}>Nothing this lead did counts yet{asOf ? ' by then' : ''}.</p>
            ) : (
              <table className={styles.table}>
                <caption className="visually-hidden">Contributions to the score</caption>
                <thead>
                  <tr>
                    <th scope="col">Points</th>
                    <th scope="col">Why</th>
                    <th scope="col">Event</th>
                    <th scope="col">When</th>
                  </tr>
                </thead>
                <tbody>
                  {view.contributions.map((c, i) => (
                    <tr key={i} data-testid="score-contribution">
                      <td className={c.points < 0 ? styles.minus : styles.plus}>{c.points > 0 ? `+${c.points}` : c.points}</td>
                      <td>{c.reason}</td>
                      <td>{EVENT_WORDS[c.eventType] ?? c.eventType}</td>
                      <td>
                        <time dateTime={c.at}>{fullDate(c.at)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Modal>
    </>
  );
}
