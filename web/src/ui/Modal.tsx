import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Icon } from './Icon';
import styles from './Modal.module.css';
import { useT } from './translations';

type Props = {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** False: no close button and Escape does nothing (the sign-in modal when forced, loading modals). */
  readonly dismissable?: boolean;
  readonly size?: 'small' | 'medium';
  readonly hideTitle?: boolean;
};

/**
 * A modal on the native <dialog>: the browser keeps focus inside, makes the page behind inert
 * and restores focus on close.
 */
export function Modal({ open, title, onClose, children, dismissable = true, size = 'medium', hideTitle = false }: Props) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${size === 'small' ? styles.small : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissable) close.current();
      }}
      onClick={(e) => {
        if (dismissable && e.target === ref.current) close.current();
      }}
    >
      {open && (
        <div className={styles.body}>
          <header className={`${styles.header} ${hideTitle ? styles.visuallyHiddenHeader : ''}`}>
            <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
              {title}
            </h2>
            {dismissable && (
              <button type="button" className={styles.close} aria-label={t('ui.close', 'Close')} onClick={() => close.current()}>
                <Icon name="close" />
              </button>
            )}
          </header>
          {children}
        </div>
      )}
    </dialog>
  );
}
