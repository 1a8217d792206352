import { type FormEvent, useState } from 'react';
import { backofficeApi } from '../../api/backoffice';
import { Modal } from '../../ui/Modal';
import styles from './Backoffice.module.css';
import { accountHref } from './backofficeFormat';
import { ReasonFields } from './ReasonFields';

/**
 * "Become user": a reason is required; the browser then acts as the user for at most 30
 * minutes, with a banner to end it, and comes back to this account's page.
 */
export function BecomeDialog({ open, userId, name, onClose }: { open: boolean; userId: string; name: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!reason.trim()) return setError('Please give a reason for acting as this user');
    setBusy(true);
    try {
      const started = await backofficeApi.become(userId, reason, accountHref(userId));
      // A full page load: every part of the app (and the socket) starts again as the user.
      window.location.assign(started.redirectUrl);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={`Become ${name || 'this user'}`} onClose={onClose}>
      <form className={styles.dialogForm} onSubmit={(e) => void submit(e)} noValidate>
        <p className={styles.small}>
          You will see the product as this user for at most 30 minutes. Everything you do is recorded as theirs, with your name as the impersonator. Passwords,
          e-mail addresses and the back-office are not available meanwhile.
        </p>
        <ReasonFields
          label="Reason (required, kept in both histories)"
          reason={reason}
          onReason={setReason}
          error={error}
          onCancel={onClose}
          submitLabel={busy ? 'Starting…' : 'Become this user'}
          busy={busy}
        />
      </form>
    </Modal>
  );
}
