import { useEffect, useId, useRef } from 'react';
import styles from './ConversationPanel.module.css';

/**
 * A text the agent wrote in the lead's quiet hours: the server's question ("It is 22:14 for Jane.
 * Send anyway?") with its two answers. Focus goes to it, so that a
 * keyboard user hears the question; Escape keeps the text unsent.
 */
export function QuietHoursConfirm({ message, onSend, onCancel }: { message: string; onSend: () => void; onCancel: () => void }) {
  const id = useId();
  const send = useRef<HTMLButtonElement>(null);
  useEffect(() => send.current?.focus(), []);
  return (
    <div
      className={styles.quietHours}
      role="alertdialog"
      aria-labelledby={id}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <p id={id}>{message}</p>
      <div className={styles.quietHoursActions}>
        <button ref={send} type="button" className="btn btn-primary" onClick={onSend}>
          Send anyway
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Don’t send
        </button>
      </div>
    </div>
  );
}
