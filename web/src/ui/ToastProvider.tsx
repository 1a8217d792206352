import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Icon } from './Icon';
import { ToastContext, type ToastInput } from './toastContext';
import styles from './ToastProvider.module.css';

type Toast = ToastInput & { readonly id: number };
const AUTO_HIDE_MS = 7000;

/** Toasts in a live region: errors are announced at once (role=alert), the rest politely. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((ts) => ts.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (t: ToastInput) => {
      const id = next.current++;
      setToasts((ts) => [...ts.filter((x) => x.message !== t.message), { ...t, id }].slice(-4));
      setTimeout(() => dismiss(id), AUTO_HIDE_MS);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className={styles.region} aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`${styles.toast} ${styles[t.tone ?? 'info']}`} role={t.tone === 'error' ? 'alert' : 'status'} data-testid="toast">
            <Icon name={t.tone === 'error' ? 'alert' : 'check'} className={styles.icon} />
            <div className={styles.text}>
              {t.title && <strong className={styles.title}>{t.title}</strong>}
              <span>{t.message}</span>
            </div>
            <button type="button" className={styles.close} aria-label="Dismiss" onClick={() => dismiss(t.id)}>
              <Icon name="close" size={16} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
