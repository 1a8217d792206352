import formStyles from '../../ui/forms.module.css';

/** The homeowner digest's box on /sell: sent with the seller form, it turns the monthly e-mail on. */
export function DigestOptIn({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className={formStyles.check}>
      <input type="checkbox" name="digest" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>E-mail me my home’s estimated value and the sales nearby every month (unsubscribe any time)</span>
    </label>
  );
}
