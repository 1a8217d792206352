import { useEffect, useState } from 'react';
import type { Criteria } from '../../../../../src/contract/search';
import { searchMarkets } from '../api/filtersApi';
import { withCriteria } from '../../search';
import styles from './FilterBar.module.css';
import { useT } from '../../../ui/translations';

const MARKETS = [undefined, '1'] as const;

/**
 * For sale / For rent (forrent=1: leases, priced per month; the two are never searched
 * together). Shown when the feed has leases, or when the address already asks for them. A
 * switch starts from the first page and drops the price range, whose steps differ (rent per month).
 */
export function MarketSwitch({ criteria, onChange }: { criteria: Criteria; onChange: (c: Criteria) => void }) {
  const t = useT();
  const rent = criteria.forrent === '1';
  const [hasLeases, setHasLeases] = useState(false);
  useEffect(() => {
    let live = true;
    void searchMarkets().then((m) => live && setHasLeases(m.forRent));
    return () => {
      live = false;
    };
  }, []);
  if (!hasLeases && !rent) return null;
  return (
    <div className={styles.market} role="radiogroup" aria-label={t('search.market', 'Homes for sale or for rent')}>
      {MARKETS.map((value) => {
        const on = (value === '1') === rent;
        return (
          <button
            key={value ?? 'sale'}
            type="button"
            role="radio"
            aria-checked={on}
            className={styles.marketOption}
            onClick={() => !on && onChange(withCriteria(criteria, { forrent: value, minprice: undefined, maxprice: undefined, page: undefined }))}
          >
            {value === '1' ? t('search.forRent', 'For rent') : t('search.forSale', 'For sale')}
          </button>
        );
      })}
    </div>
  );
}
