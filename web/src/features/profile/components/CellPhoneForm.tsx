import { type FormEvent, useId, useState } from 'react';
import { formatPhone, normalizeCellPhone } from '../../../../../src/contract/phone';
import { updateAccount } from '../../../api/account';
import styles from '../../../ui/forms.module.css';
import { useT } from '../../../ui/translations';
import { useSave } from '../../../ui/useSave';

/**
 * The cell phone (spec sections 5 and 9): 10 digits, dashes allowed, shown as ###-###-####.
 * Used by the account page, the cell phone prompt and the social sign-up's step '1-phone'.
 */
export function CellPhoneForm({ initial = '', submitLabel, onSaved }: { initial?: string; submitLabel?: string; onSaved: (formatted: string) => void }) {
  const id = useId();
  const t = useT();
  const [value, setValue] = useState(initial);
  const { busy, error, setError, save } = useSave();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const digits = normalizeCellPhone(value);
    if (!digits) {
      setError(t('account.cellPhoneInvalid', 'Phone number must be 10 digits and contain no characters.'));
      return;
    }
    await save(async () => {
      const r = await updateAccount({ CellPhone: digits });
      const shown = r.cellPhone || formatPhone(digits);
      setValue(shown);
      onSaved(shown);
    });
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-cell`}>
          {t('cell.label', 'Cell phone')}
        </label>
        <input
          id={`${id}-cell`}
          className={styles.input}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="206-555-0123"
          value={value}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => normalizeCellPhone(value) && setValue(formatPhone(normalizeCellPhone(value)))}
        />
        {error && (
          <p id={`${id}-err`} role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('ui.saving', 'Saving…') : (submitLabel ?? t('cell.save', 'Save'))}
        </button>
      </div>
    </form>
  );
}
