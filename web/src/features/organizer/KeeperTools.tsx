import { useEffect, useRef, useState } from 'react';
import { setFavorite } from '../../api/organizer';
import { giveOpinion, writeNote } from '../../api/organizer-notes';
import { useCurrentUser } from '../../app/currentUser';
import { useT } from '../../ui/translations';
import { useToast } from '../../ui/useToast';
import { type Kept, keptOf } from './keptModel';
import { changeKept, keptState, loadKept, useKept } from './keptStore';
import styles from './ListingKeeper.module.css';
import { NotebookPicker } from './NotebookPicker';
import { NoteForm } from './NoteForm';
import { RequestShowing } from './RequestShowing';
import { ShareListing } from './ShareListing';

/**
 * A signed-in lead's tools on a listing page: favourite, like / dislike, a private note, notebooks,
 * share and a showing request, kept in the lead's organizer. Changes go through the page's kept
 * store, so the result cards show them when the lead goes back to the results.
 */
export function KeeperTools({ pdid, address }: { pdid: string; address: string }) {
  const { user } = useCurrentUser();
  const toast = useToast();
  const t = useT();
  const kept = useKept(pdid);
  const [note, setNote] = useState('');
  // Typed before the stored note arrived (a slow answer): what the lead typed stays.
  const edited = useRef(false);
  useEffect(() => {
    if (!user) return;
    let live = true;
    edited.current = false;
    void loadKept([pdid])
      .then(() => live && !edited.current && setNote(keptOf(keptState(), pdid).note ?? ''))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user, pdid]);

  const run = async (change: Partial<Kept>, send: () => Promise<unknown>, done: string) => {
    try {
      await changeKept(pdid, change, send);
      toast({ message: done, tone: 'success' });
    } catch {
      toast({ message: t('organizer.notSaved', 'That did not save; please try again.'), tone: 'error' });
    }
  };
  const savedNote = kept.note ?? '';
  return (
    <div className={styles.keeper}>
      <button
        type="button"
        className={`btn ${kept.favorite ? styles.on : ''}`}
        aria-pressed={kept.favorite}
        onClick={() =>
          void run(
            { favorite: !kept.favorite },
            () => setFavorite(pdid, !kept.favorite),
            kept.favorite ? t('keeper.removed', 'Removed from favourites.') : t('keeper.saved', 'Saved to your favourites.'),
          )
        }
      >
        {kept.favorite ? '♥' : '♡'} {t('keeper.favorite', 'Favourite')}
      </button>
      {(['like', 'dislike'] as const).map((o) => (
        <button
          key={o}
          type="button"
          className={`btn ${kept.opinion === o ? styles.on : ''}`}
          aria-pressed={kept.opinion === o}
          onClick={() =>
            void run({ opinion: kept.opinion === o ? null : o }, () => giveOpinion(pdid, kept.opinion === o ? 'none' : o), t('keeper.noted', 'Noted.'))
          }
        >
          {o === 'like' ? t('keeper.like', 'Like') : t('keeper.dislike', 'Dislike')}
        </button>
      ))}
      <ShareListing pdid={pdid} address={address} />
      <RequestShowing pdid={pdid} address={address} />
      <NoteForm
        note={note}
        saved={savedNote}
        onChange={(text) => ((edited.current = true), setNote(text))}
        onSave={(text) => void run({ note: text || null }, () => writeNote(pdid, text), t('keeper.noteSaved', 'Note saved.'))}
      />
      <NotebookPicker pdid={pdid} />
    </div>
  );
}
