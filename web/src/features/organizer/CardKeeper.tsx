import { useRef } from 'react';
import { ApiError } from '../../api/http';
import { setFavorite } from '../../api/organizer';
import { useCurrentUser } from '../../app/currentUser';
import { Icon } from '../../ui/Icon';
import { useT } from '../../ui/translations';
import { useToast } from '../../ui/useToast';
import { openSignIn } from '../sign-in';
import styles from './CardKeeper.module.css';
import { noteSummary } from './keptModel';
import { changeKept, useKept } from './keptStore';

/**
 * On a result card: the heart (toggled right there, optimistically) and, for a signed-in lead,
 * markers for a note and a like / dislike. A signed-out visitor's heart opens the sign-in prompt,
 * as saving a search does. The state comes from the one headers request of the results page.
 */
export function CardKeeper({ pdid, label }: { pdid: string; label: string }) {
  const { ready, user } = useCurrentUser();
  const kept = useKept(pdid);
  const toast = useToast();
  const t = useT();
  const busy = useRef(false);
  if (!ready) return null;

  const toggle = async () => {
    if (!user) return openSignIn();
    // One change at a time per card: a second click while the first is on its way is dropped.
    if (busy.current) return;
    busy.current = true;
    const on = !kept.favorite;
    try {
      await changeKept(pdid, { favorite: on }, () => setFavorite(pdid, on));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) openSignIn();
      else
        toast({
          tone: 'error',
          message: on
            ? t('keeper.notSavedFavorite', 'This home was not saved to your favourites; please try again.')
            : t('keeper.stillFavorite', 'This home is still in your favourites; please try again.'),
        });
    } finally {
      busy.current = false;
    }
  };
  const note = user && kept.note ? t('keeper.yourNote', 'Your note: {note}', { note: noteSummary(kept.note) }) : null;
  const opinion =
    user && kept.opinion ? (kept.opinion === 'like' ? t('keeper.youLike', 'You like this home') : t('keeper.youDislike', 'You dislike this home')) : null;
  return (
    <div className={styles.keeper}>
      {note && (
        <span className={styles.mark} role="img" aria-label={note} title={note} data-mark="note">
          <Icon name="pencil" size={16} />
        </span>
      )}
      {opinion && (
        <span className={styles.mark} role="img" aria-label={opinion} title={opinion} data-mark={kept.opinion}>
          <Icon name={kept.opinion === 'like' ? 'thumbUp' : 'thumbDown'} size={16} />
        </span>
      )}
      <button
        type="button"
        className={`${styles.heart} ${user && kept.favorite ? styles.on : ''}`}
        aria-label={t('keeper.favoriteOf', 'Favourite {home}', { home: label })}
        aria-pressed={user ? kept.favorite : undefined}
        title={
          user
            ? kept.favorite
              ? t('keeper.removeFavorite', 'Remove from favourites')
              : t('keeper.saveFavorite', 'Save to favourites')
            : t('keeper.signInFavorite', 'Sign in to save favourites')
        }
        onClick={() => void toggle()}
      >
        <Icon name="heart" size={18} />
      </button>
    </div>
  );
}
