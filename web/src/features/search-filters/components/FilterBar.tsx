import { lazy, Suspense, useId } from 'react';
import type { Criteria } from '../../../../../src/contract/search';
import { Icon } from '../../../ui/Icon';
import { Modal } from '../../../ui/Modal';
import { useMediaQuery } from '../../../ui/useMediaQuery';
import { withCriteria } from '../../search';
import styles from './FilterBar.module.css';
import { FILTER_FIELDS, SORTS } from '../../search';
import { MOBILE_MAX_WIDTH } from '../../search';
import type { SearchView } from '../../search';
import { MarketSwitch } from './MarketSwitch';
import { SoldToggle } from './SoldToggle';
import { ViewSwitcher } from './ViewSwitcher';
import { useT } from '../../../ui/translations';

// The panel loads when first opened (it is most of the bar's code).
const FiltersPanel = lazy(() => import('./FiltersPanel').then((m) => ({ default: m.FiltersPanel })));

type Props = {
  readonly view: SearchView;
  readonly criteria: Criteria;
  readonly passthrough: Readonly<Record<string, string>>;
  readonly onChange: (c: Criteria) => void;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly moreTags: boolean;
  readonly onMoreTagsChange: (more: boolean) => void;
  readonly onSave: () => void;
};

/** The row under the keyword box: filters toggle, for sale / for rent, the sold switch, sort, views, save; and the panel. */
export function FilterBar({ view, criteria, passthrough, onChange, open, onOpenChange, moreTags, onMoreTagsChange, onSave }: Props) {
  const t = useT();
  const mobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  const panelId = useId();
  const active = FILTER_FIELDS.filter((f) => criteria[f]).length;
  const panel = (
    <Suspense fallback={null}>
      <FiltersPanel
        id={panelId}
        criteria={criteria}
        onChange={onChange}
        moreTags={moreTags}
        onMoreTagsChange={onMoreTagsChange}
        onClose={() => onOpenChange(false)}
        variant={mobile ? 'mobile' : 'desktop'}
      />
    </Suspense>
  );
  return (
    <>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.filtersButton}
          aria-expanded={open}
          aria-controls={mobile ? undefined : panelId}
          onClick={() => onOpenChange(!open)}
        >
          <Icon name="filter" size={18} />
          <span>{t('search.filters', 'Filters')}</span>
          {active > 0 && (
            <span className={styles.badge} aria-label={t('search.filtersActive', '{count} active', { count: active })}>
              {active}
            </span>
          )}
        </button>
        <SoldToggle criteria={criteria} onChange={onChange} />
        <MarketSwitch criteria={criteria} onChange={onChange} />
        <label className={styles.sort}>
          <span className="label-desktop">{t('search.sortBy', 'Sort')}</span>
          <select
            value={criteria.sortby ?? 'newest'}
            onChange={(e) => onChange(withCriteria(criteria, { sortby: e.target.value === 'newest' ? undefined : e.target.value, page: undefined }))}
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(`search.sort.${s.value}`, s.label)}
              </option>
            ))}
          </select>
        </label>
        <span className={styles.spacer} />
        <button type="button" className={styles.saveButton} onClick={onSave}>
          <Icon name="bookmark" size={18} />
          <span className="label-desktop">{t('search.save', 'Save search')}</span>
        </button>
        <ViewSwitcher view={view} criteria={criteria} passthrough={passthrough} />
      </div>
      {open && !mobile && <div className={styles.panelWrap}>{panel}</div>}
      {mobile && (
        <Modal open={open} title={t('search.filters', 'Filters')} onClose={() => onOpenChange(false)}>
          {panel}
        </Modal>
      )}
    </>
  );
}
