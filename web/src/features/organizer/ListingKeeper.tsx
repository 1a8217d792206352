import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../app/currentUser';
import { useT } from '../../ui/translations';
import { openSignIn } from '../sign-in';
import styles from './ListingKeeper.module.css';

// A visitor's listing page shows one button: the signed-in tools (note, notebooks, share, showing) come when a lead is signed in.
const KeeperTools = lazy(() => import('./KeeperTools').then((m) => ({ default: m.KeeperTools })));

/**
 * On a listing page: the favourite button that asks a visitor to sign in, or a signed-in lead's
 * tools that keep the listing in the organizer (KeeperTools).
 */
export function ListingKeeper({ pdid, address }: { pdid: string; address: string }) {
  const { ready, user } = useCurrentUser();
  const t = useT();
  if (!ready) return null;
  if (!user) {
    return (
      <div className={styles.keeper}>
        <button type="button" className="btn" onClick={openSignIn}>
          ♡ {t('keeper.favorite', 'Favourite')}
        </button>
      </div>
    );
  }
  return (
    <Suspense fallback={<div className={styles.keeper} aria-busy="true" />}>
      <KeeperTools pdid={pdid} address={address} />
    </Suspense>
  );
}
