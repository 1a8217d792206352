import { useId } from 'react';
import styles from '../../ui/forms.module.css';

const FIELDS = [
  { name: 'BuyerLocation', label: 'Where are you looking?', type: 'text' },
  { name: 'BuyerMinPrice', label: 'Minimum price', type: 'number' },
  { name: 'BuyerMaxPrice', label: 'Maximum price', type: 'number' },
  { name: 'BuyerBeds', label: 'Bedrooms', type: 'number' },
  { name: 'BuyerPropertyTypes', label: 'Property types', type: 'text' },
] as const;

/** The inquiry's optional buyer fields (spec section 3), folded away until the visitor opens them. */
export function BuyerDetails({ values, onChange }: { values: Record<string, string>; onChange: (v: Record<string, string>) => void }) {
  const id = useId();
  return (
    <details className={styles.details}>
      <summary>Tell us what you are looking for (optional)</summary>
      <div className={styles.row}>
        {FIELDS.map((f) => (
          <div key={f.name} className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-${f.name}`}>
              {f.label}
            </label>
            <input
              id={`${id}-${f.name}`}
              name={f.name}
              type={f.type}
              min={f.type === 'number' ? 0 : undefined}
              inputMode={f.type === 'number' ? 'numeric' : undefined}
              className={styles.input}
              value={values[f.name] ?? ''}
              onChange={(e) => onChange({ ...values, [f.name]: e.target.value })}
            />
          </div>
        ))}
      </div>
    </details>
  );
}
