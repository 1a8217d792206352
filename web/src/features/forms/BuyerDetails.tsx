import styles from '../../ui/forms.module.css';
import { useLabel } from '../../ui/translations';
import { BUYER_FIELDS, DetailFields } from './DetailFields';

type Props = {
  readonly values: Record<string, string>;
  readonly onChange: (v: Record<string, string>) => void;
  readonly error?: { readonly field: string; readonly text: string } | null;
  /** Open from the start (the contact page); folded away on a listing's form. */
  readonly open?: boolean;
};

/** The inquiry's optional buyer fields (spec section 3). */
export function BuyerDetails({ values, onChange, error, open }: Props) {
  const summary = useLabel('inquiry.buyer.summary', 'Tell us what you are looking for (optional)');
  return (
    <details className={styles.details} open={open || (error ? BUYER_FIELDS.some((f) => f.name === error.field) : undefined)}>
      <summary>{summary}</summary>
      <DetailFields fields={BUYER_FIELDS} values={values} onChange={onChange} error={error} />
    </details>
  );
}
