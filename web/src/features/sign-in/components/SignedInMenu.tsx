import { useEffect, useId, useRef, useState } from 'react';
import { logout } from '../api/signInApi';
import { useCurrentUser } from '../../../app/currentUser';
import { Link } from '../../../app/Link';
import { Icon } from '../../../ui/Icon';
import { useToast } from '../../../ui/useToast';
import styles from './SignedInMenu.module.css';
import { useT } from '../../../ui/translations';

/** After signing out, pages that need an account give way to search; others simply reload. */
const PRIVATE = /^\/(account|dashboard|organizer)(\/|$)/;

/** The header's account menu of a signed-in user (with Sign out); its code loads only for them. */
export function SignedInMenu({ buttonClassName, initiallyOpen = false }: { buttonClassName: string; initiallyOpen?: boolean }) {
  const t = useT();
  const { user } = useCurrentUser();
  const toast = useToast();
  const [open, setOpen] = useState(initiallyOpen);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Opened from the placeholder button: the focus moves to this one, where Escape brings it back.
  useEffect(() => {
    if (initiallyOpen) button.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false);
    const esc = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);

  if (!user) return null;

  const signOut = async () => {
    try {
      await logout();
      if (PRIVATE.test(window.location.pathname)) window.location.assign('/search');
      else window.location.reload();
    } catch {
      toast({ title: t('account.signOutFailed', 'Sign out failed'), message: t('ui.tryAgain', 'Please try again.'), tone: 'error' });
    }
  };

  return (
    <div className={styles.root} ref={root}>
      <button ref={button} type="button" className={buttonClassName} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        <Icon name="user" size={18} />
        <span className="label-desktop">{user.firstName || t('account.menu', 'Account')}</span>
      </button>
      {open && (
        <ul id={menuId} className={styles.menu} aria-label={t('account.menu', 'Account')}>
          <li className={styles.who}>
            <strong>{[user.firstName, user.lastName].filter(Boolean).join(' ')}</strong>
            <span>{user.email}</span>
          </li>
          {user.dashboardUrl && (
            <li>
              <Link href={user.dashboardUrl} className={styles.item} onClick={() => setOpen(false)}>
                {t('account.dashboard', 'Dashboard')}
              </Link>
            </li>
          )}
          <li>
            <Link href="/account" className={styles.item} onClick={() => setOpen(false)}>
              {t('account.yours', 'Your account')}
            </Link>
          </li>
          <li>
            <Link href="/organizer" className={styles.item} onClick={() => setOpen(false)}>
              {t('account.saved', 'Saved homes and searches')}
            </Link>
          </li>
          <li>
            <button type="button" className={styles.item} onClick={() => void signOut()}>
              {t('account.signOut', 'Sign out')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
