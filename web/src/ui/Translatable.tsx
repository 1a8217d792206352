import type { MouseEvent } from 'react';
import { useCurrentUser } from '../app/currentUser';
import styles from './Translatable.module.css';
import { translationEditorHref, useLabel } from './translations';

/**
 * A label of the public site in the page's language. For level-25 users (not while they act as
 * someone) a click opens the translation editor on this label in a new tab (spec section 6),
 * instead of what the click would otherwise do.
 */
export function Translatable({ id, children }: { id: string; children: string }) {
  const text = useLabel(id, children);
  const { user } = useCurrentUser();
  if (!user || user.securityLevel < 25 || user.impersonatorId) return <>{text}</>;
  const open = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    window.open(translationEditorHref(id), '_blank', 'noopener');
  };
  return (
    <span className={styles.translatable} data-transid={id} title={`Translate “${text}” (opens the translation editor)`} onClick={open}>
      {text}
    </span>
  );
}
