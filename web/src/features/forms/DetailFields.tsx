import { useId } from 'react';
import { useLabel } from '../../ui/translations';
import styles from '../../ui/forms.module.css';
import type { DetailField } from './detailFields';

export { BUYER_FIELDS, type DetailField, REFERRAL_FIELDS, SELLER_FIELDS } from './detailFields';

/** A field's label through the translation catalogue (id `inquiry.<Name>`). */
function FieldLabel({ htmlFor, field }: { htmlFor: string; field: DetailField }) {
  const text = useLabel(`inquiry.${field.name}`, field.label);
  return (
    <label className={styles.label} htmlFor={htmlFor}>
      {text}
    </label>
  );
}

/**
 * Labelled inputs for a group of inquiry fields; the server's message about one of them (it
 * names the field) shows under that input.
 */
export function DetailFields(p: {
  readonly fields: readonly DetailField[];
  readonly values: Readonly<Record<string, string>>;
  readonly onChange: (v: Record<string, string>) => void;
  readonly error?: { readonly field: string; readonly text: string } | null;
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      {p.fields.map((f) => {
        const inputId = `${id}-${f.name}`;
        const invalid = p.error?.field === f.name;
        const common = {
          id: inputId,
          name: f.name,
          className: styles.input,
          value: p.values[f.name] ?? '',
          maxLength: f.max,
          'aria-invalid': invalid,
          'aria-describedby': invalid ? `${inputId}-error` : undefined,
        };
        const set = (value: string) => p.onChange({ ...p.values, [f.name]: value });
        return (
          <div key={f.name} className={styles.field}>
            <FieldLabel htmlFor={inputId} field={f} />
            {f.type === 'textarea' ? (
              <textarea {...common} onChange={(e) => set(e.target.value)} />
            ) : (
              <input
                {...common}
                type={f.type}
                min={f.type === 'number' ? 0 : undefined}
                inputMode={f.type === 'number' ? 'numeric' : undefined}
                onChange={(e) => set(e.target.value)}
              />
            )}
            {invalid && (
              <span id={`${inputId}-error`} className={styles.fieldError}>
                {p.error!.text}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
