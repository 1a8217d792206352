import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/http';
import forms from './forms.module.css';
import { Modal } from './Modal';
import styles from './ConfirmDialog.module.css';

/** Said when the action fails without the server's own words (the server cannot be reached): nothing happened, so it may be tried again. */
export const CONFIRM_FAILURE = 'The server cannot be reached: nothing was changed, try again';

type Props = {
  readonly open: boolean;
  readonly title: string;
  /** The confirming button's words, naming the action ("Revoke key", "Erase"), never a bare "OK". */
  readonly action: string;
  /** Said on that button while the action runs; the action's own words when none. */
  readonly busyAction?: string;
  /** The safe button: "Cancel" unless the screen says it better ("Keep", "Keep receiving"). */
  readonly keepLabel?: string;
  /** 'danger' for what cannot be undone; 'primary' for a heavy but harmless action (a rebuild). */
  readonly tone?: 'danger' | 'primary';
  /**
   * The action. When it returns a promise the dialog is busy until it settles; if it rejects, the
   * refusal is said inside the dialog, which stays open to try again or keep. The caller closes
   * the dialog when the action is done.
   */
  readonly onConfirm: () => unknown;
  readonly onCancel: () => void;
  /** What happens if it is confirmed. */
  readonly children: ReactNode;
};

/**
 * Asks before an action that is hard or impossible to undo. Focus starts on the safe button, so
 * Enter pressed out of habit keeps things as they are; Escape (and the backdrop) keeps them too.
 */
export function ConfirmDialog({ open, title, action, busyAction = action, keepLabel = 'Cancel', tone = 'danger', onConfirm, onCancel, children }: Props) {
  const keep = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Runs after the Modal's own effect has opened the <dialog>, which focuses its first control (the close button).
  useEffect(() => {
    setError(null);
    if (open) keep.current?.focus();
  }, [open]);

  const confirm = () => {
    const running = onConfirm();
    if (!(running instanceof Promise)) return;
    setBusy(true);
    setError(null);
    running.then(
      () => setBusy(false),
      (err: unknown) => {
        setBusy(false);
        // Status 0: the request never reached the server (ApiError's own words say no more than that).
        setError(err instanceof ApiError && err.status !== 0 ? err.message : CONFIRM_FAILURE);
      },
    );
  };

  return (
    <Modal open={open} title={title} onClose={onCancel} size="small">
      <div className={styles.text}>{children}</div>
      {error && (
        <p className={forms.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button ref={keep} type="button" className="btn" onClick={onCancel}>
          {keepLabel}
        </button>
        <button
          type="button"
          className={`btn ${tone === 'danger' ? styles.danger : 'btn-primary'}`}
          onClick={confirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? busyAction : action}
        </button>
      </div>
    </Modal>
  );
}
