import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ApiError } from '../../api/http';
import { Modal } from '../../ui/Modal';
import { useToast } from '../../ui/useToast';
import f from '../../ui/forms.module.css';
import { openSignIn } from '../sign-in';
import { formErrorMessage } from './organizerForms';
import { useT } from '../../ui/translations';

type Props = {
  /** The button that opens the form, and the form's title. */
  readonly label: string;
  readonly title: string;
  readonly submitLabel: string;
  readonly children: ReactNode;
  /** Called as the form opens (to clear it). */
  readonly onOpen: () => void;
  /** Sends the form with the optional message: the success toast, or what the lead must fix first. */
  readonly send: (message: string) => Promise<{ readonly done: string } | { readonly error: string }>;
  /** Shown under the error: what the lead can do about it (e.g. confirm their address). */
  readonly remedy?: ReactNode;
};

/**
 * A listing-page action in a modal form (share, request a showing): the action's fields, then an
 * optional message; the server's own message for what the lead can fix, the sign-in prompt if
 * the session ended, a toast on success.
 */
export function ActionModal({ label, title, submitLabel, children, onOpen, send, remedy }: Props) {
  const toast = useToast();
  const id = useId();
  const t = useT();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const r = await send(message.trim());
      if ('error' in r) setError(r.error);
      else {
        setOpen(false);
        toast({ message: r.done, tone: 'success' });
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        setOpen(false);
        openSignIn();
      } else setError(formErrorMessage(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn"
        onClick={() => {
          onOpen();
          setMessage('');
          setError(null);
          setOpen(true);
        }}
      >
        {label}
      </button>
      <Modal open={open} title={title} onClose={() => setOpen(false)} size="small">
        <form className={f.form} onSubmit={(e) => void submit(e)} noValidate>
          {children}
          <div className={f.field}>
            <label htmlFor={`${id}-message`} className={f.label}>
              {t('action.message', 'Message (optional)')}
            </label>
            <textarea id={`${id}-message`} className={f.input} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
          </div>
          {error && (
            <p role="alert" className={f.error}>
              {error}
            </p>
          )}
          {remedy}
          <div className={f.actions}>
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              {t('action.cancel', 'Cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('action.sending', 'Sending…') : submitLabel}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
