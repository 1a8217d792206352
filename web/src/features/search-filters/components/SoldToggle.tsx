import { useEffect, useRef, useState } from 'react';
import type { Criteria } from '../../../../../src/contract/search';
import { useToast } from '../../../ui/useToast';
import { MSG, SOLD_RESET_MS } from '../../search';
import styles from './FilterBar.module.css';
import { isSold, toggleSold } from '../../search';
import { useT } from '../../../ui/translations';

/**
 * The sold-property switch. Without a city or zip it shows the spec's error toast and unticks
 * itself after 650 ms; the search is not changed.
 */
export function SoldToggle({ criteria, onChange }: { criteria: Criteria; onChange: (c: Criteria) => void }) {
  const t = useT();
  const toast = useToast();
  const sold = isSold(criteria);
  const [checked, setChecked] = useState(sold);
  const reset = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setChecked(sold), [sold]);
  useEffect(() => () => clearTimeout(reset.current), []);

  const change = (next: boolean) => {
    setChecked(next);
    const outcome = toggleSold(criteria, next);
    if (outcome.accepted) {
      onChange(outcome.criteria);
      return;
    }
    toast({ tone: 'error', title: t('search.soldErrorTitle', MSG.soldErrorTitle), message: t('search.soldNeedsLocation', MSG.soldNeedsLocation) });
    clearTimeout(reset.current);
    reset.current = setTimeout(() => setChecked(false), SOLD_RESET_MS);
  };

  return (
    <label className={styles.switch}>
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => change(e.target.checked)} />
      <span className={styles.track} aria-hidden="true" />
      <span>{t('search.sold', 'Sold homes')}</span>
    </label>
  );
}
