import { useId } from 'react';
import { useLabel } from '../../ui/translations';
import styles from '../../ui/forms.module.css';

export type DetailField = { readonly name: string; readonly label: string; readonly type: 'text' | 'number' | 'email' | 'tel' | 'textarea'; readonly max?: number };

/** The inquiry's seller fields (spec section 3), asked on the seller suite's home-value page. */
export const SELLER_FIELDS: readonly DetailField[] = [
  { name: 'PropertyAddress', label: 'Address of the home', type: 'text', max: 300 },
  { name: 'PropertyStyle', label: 'Style (ranch, colonial, condo…)', type: 'text', max: 100 },
  { name: 'PropertySqFt', label: 'Square feet', type: 'number' },
  { name: 'PropertyAge', label: 'Age of the home (years)', type: 'number' },
  { name: 'PropertyBeds', label: 'Bedrooms', type: 'number' },
  { name: 'PropertyBaths', label: 'Bathrooms', type: 'number' },
  { name: 'PropertyFeatures', label: 'Features and updates', type: 'textarea', max: 1000 },
  { name: 'SellerReason', label: 'Why are you selling?', type: 'textarea', max: 1000 },
  { name: 'SellerTimeframe', label: 'When would you like to sell?', type: 'text', max: 100 },
];

/** The inquiry's buyer fields (spec section 3). */
export const BUYER_FIELDS: readonly DetailField[] = [
  { name: 'BuyerLocation', label: 'Where are you looking?', type: 'text', max: 200 },
  { name: 'BuyerMinPrice', label: 'Minimum price', type: 'number' },
  { name: 'BuyerMaxPrice', label: 'Maximum price', type: 'number' },
  { name: 'BuyerBeds', label: 'Bedrooms', type: 'number' },
  { name: 'BuyerPropertyTypes', label: 'Property types', type: 'text', max: 300 },
];

/** The inquiry's referral fields (spec section 3): the friend being referred. */
export const REFERRAL_FIELDS: readonly DetailField[] = [
  { name: 'ReferralFullName', label: 'Your friend’s full name', type: 'text', max: 200 },
  { name: 'ReferralEmail', label: 'Your friend’s email', type: 'email', max: 320 },
  { name: 'ReferralPhone', label: 'Your friend’s phone', type: 'tel', max: 40 },
];

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
              <input {...common} type={f.type} min={f.type === 'number' ? 0 : undefined} inputMode={f.type === 'number' ? 'numeric' : undefined} onChange={(e) => set(e.target.value)} />
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
