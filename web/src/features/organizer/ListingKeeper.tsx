import { useEffect, useId, useState } from 'react';
import { setFavorite } from '../../api/organizer';
import { giveOpinion, keptListing, writeNote } from '../../api/organizer-notes';
import { useCurrentUser } from '../../app/currentUser';
import { useToast } from '../../ui/useToast';
import { openSignIn } from '../account/openSignIn';
import styles from './ListingKeeper.module.css';

type Kept = { favorite: boolean; note: string; opinion: 'like' | 'dislike' | null };

/** On a listing page: favourite, like / dislike and a private note, kept in the lead's organizer. */
export function ListingKeeper({ pdid }: { pdid: string }) {
  const { ready, user } = useCurrentUser();
  const toast = useToast();
  const id = useId();
  const [kept, setKept] = useState<Kept>({ favorite: false, note: '', opinion: null });
  const [note, setNote] = useState('');
  useEffect(() => {
    if (!user) return;
    let live = true;
    void keptListing(pdid)
      .then((r) => {
        const k = r.listings[0];
        if (live && k) {
          setKept({ favorite: k.favorite, note: k.note ?? '', opinion: k.opinion });
          setNote(k.note ?? '');
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user, pdid]);

  if (!ready) return null;
  if (!user) {
    return (
      <div className={styles.keeper}>
        <button type="button" className="btn" onClick={openSignIn}>
          ♡ Favourite
        </button>
      </div>
    );
  }
  const run = async (what: () => Promise<unknown>, next: Partial<Kept>, done: string) => {
    try {
      await what();
      setKept((k) => ({ ...k, ...next }));
      toast({ message: done, tone: 'success' });
    } catch {
      toast({ message: 'That did not save; please try again.', tone: 'error' });
    }
  };
  return (
    <div className={styles.keeper}>
      <button
        type="button"
        className={`btn ${kept.favorite ? styles.on : ''}`}
        aria-pressed={kept.favorite}
        onClick={() => void run(() => setFavorite(pdid, !kept.favorite), { favorite: !kept.favorite }, kept.favorite ? 'Removed from favourites.' : 'Saved to your favourites.')}
      >
        {kept.favorite ? '♥ Favourite' : '♡ Favourite'}
      </button>
      {(['like', 'dislike'] as const).map((o) => (
        <button
          key={o}
          type="button"
          className={`btn ${kept.opinion === o ? styles.on : ''}`}
          aria-pressed={kept.opinion === o}
          onClick={() => void run(() => giveOpinion(pdid, kept.opinion === o ? 'none' : o), { opinion: kept.opinion === o ? null : o }, 'Noted.')}
        >
          {o === 'like' ? 'Like' : 'Dislike'}
        </button>
      ))}
      <form
        className={styles.note}
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => writeNote(pdid, note.trim()), { note: note.trim() }, 'Note saved.');
        }}
      >
        <label htmlFor={`${id}-note`} className="visually-hidden">
          Your note on this home
        </label>
        <textarea id={`${id}-note`} value={note} maxLength={2000} placeholder="A note only you see" onChange={(e) => setNote(e.target.value)} />
        <button type="submit" className="btn" disabled={note.trim() === kept.note}>
          Save note
        </button>
      </form>
    </div>
  );
}
