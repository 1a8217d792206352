import { type FormEvent, useId, useState } from 'react';
import { changePassword } from '../api/profileApi';
import { useToast } from '../../../ui/useToast';
import { useT } from '../../../ui/translations';
import styles from '../../../ui/forms.module.css';
import { useSave } from '../../../ui/useSave';

/** A signed-in password change: the server ends every other session of the account. */
export function ChangePasswordForm() {
  const id = useId();
  const toast = useToast();
  const t = useT();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const { busy, error, setError, save } = useSave();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (next !== again) return setError(t('account.passwordMismatch', 'The two new passwords are not the same'));
    await save(async () => {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setAgain('');
      toast({ message: t('account.passwordChanged', 'Your password was changed. Other devices are signed out.'), tone: 'success' });
    });
  };

  const field = (key: string, label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <input id={`${id}-${key}`} className={styles.input} type="password" autoComplete={autoComplete} value={value} onChange={(e) => set(e.target.value)} />
    </div>
  );
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
      {error && (
        <div role="alert" className={styles.error}>
          {error}
        </div>
      )}
      {field('current', t('account.currentPassword', 'Current password'), current, setCurrent, 'current-password')}
      <div className={styles.row}>
        {field('new', t('password.new', 'New password'), next, setNext, 'new-password')}
        {field('again', t('password.again', 'New password again'), again, setAgain, 'new-password')}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('ui.saving', 'Saving…') : t('account.changePassword', 'Change password')}
        </button>
      </div>
    </form>
  );
}
