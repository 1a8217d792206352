import type { Criteria } from '../../../../src/contract/search';
import { withCriteria } from './criteria';
import styles from './FilterBar.module.css';

/** Homes for rent (leases, forrent=1) instead of homes for sale: the two are never searched together. */
export function RentToggle({ criteria, onChange }: { criteria: Criteria; onChange: (c: Criteria) => void }) {
  const checked = criteria.forrent === '1';
  return (
    <label className={styles.switch}>
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(withCriteria(criteria, { forrent: e.target.checked ? '1' : undefined, page: undefined }))} />
      <span className={styles.track} aria-hidden="true" />
      <span>For rent</span>
    </label>
  );
}
