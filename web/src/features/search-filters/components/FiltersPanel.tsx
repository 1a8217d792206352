import { useId } from 'react';
import type { Criteria } from '../../../../../src/contract/search';
import { withCriteria } from '../../search';
import styles from './FiltersPanel.module.css';
import { priceShort } from '../../../../../src/contract/price';
import {
  BATH_CHOICES,
  BED_CHOICES,
  FILTER_FIELDS,
  formatMoneyShort,
  LISTING_TYPES,
  PRICE_STEPS,
  RENT_STEPS,
  SQFT_STEPS,
  TAG_FLAGS,
  VISIBLE_TAGS,
} from '../../search';
import { count } from '../../../ui/format';
import { useT } from '../../../ui/translations';

type Props = {
  readonly id: string;
  readonly criteria: Criteria;
  readonly onChange: (c: Criteria) => void;
  readonly moreTags: boolean;
  readonly onMoreTagsChange: (more: boolean) => void;
  readonly onClose: () => void;
  readonly variant: 'desktop' | 'mobile';
};

/** The filters form (price, beds, baths, size, types, tags); each change searches at once. */
export function FiltersPanel({ id, criteria, onChange, moreTags, onMoreTagsChange, onClose, variant }: Props) {
  const tr = useT();
  const uid = useId();
  const set = (field: string, value: string | undefined) => onChange(withCriteria(criteria, { [field]: value, page: undefined }));
  const types = new Set((criteria.listingtype ?? '').split(',').filter(Boolean));
  const toggleType = (value: string, on: boolean) => {
    const next = LISTING_TYPES.map((t) => t.value).filter((v) => (v === value ? on : types.has(v)));
    set('listingtype', next.join(',') || undefined);
  };
  const reset = () => onChange(withCriteria(criteria, Object.fromEntries([...FILTER_FIELDS, 'page'].map((f) => [f, undefined]))));
  const shownTags = moreTags ? TAG_FLAGS : TAG_FLAGS.slice(0, VISIBLE_TAGS);
  // Leases are priced per month: their own steps, written '$2.1k/mo'.
  const rent = criteria.forrent === '1';
  const prices = rent ? { steps: RENT_STEPS, format: (n: number) => priceShort(n, true)! } : { steps: PRICE_STEPS, format: formatMoneyShort };

  return (
    <div id={id} className={`${styles.panel} ${variant === 'mobile' ? styles.mobile : ''}`} role="group" aria-label={tr('search.filters', 'Filters')}>
      <div className={styles.grid}>
        <fieldset className={styles.fieldset}>
          <legend>{rent ? tr('filters.rent', 'Rent per month') : tr('filters.price', 'Price')}</legend>
          <div className={styles.pair}>
            <RangeSelect
              label={tr('filters.minPrice', 'Minimum price')}
              value={criteria.minprice}
              steps={prices.steps}
              format={prices.format}
              anyLabel={tr('filters.noMin', 'No min')}
              onChange={(v) => set('minprice', v)}
            />
            <span className={styles.dash} aria-hidden="true">
              –
            </span>
            <RangeSelect
              label={tr('filters.maxPrice', 'Maximum price')}
              value={criteria.maxprice}
              steps={prices.steps}
              format={prices.format}
              anyLabel={tr('filters.noMax', 'No max')}
              onChange={(v) => set('maxprice', v)}
            />
          </div>
        </fieldset>
        <Choices
          any={tr('filters.any', 'Any')}
          legend={tr('filters.beds', 'Bedrooms')}
          name={`${uid}-beds`}
          value={criteria.beds}
          choices={BED_CHOICES}
          onChange={(v) => set('beds', v)}
        />
        <Choices
          any={tr('filters.any', 'Any')}
          legend={tr('filters.baths', 'Bathrooms')}
          name={`${uid}-baths`}
          value={criteria.baths}
          choices={BATH_CHOICES}
          onChange={(v) => set('baths', v)}
        />
        <fieldset className={styles.fieldset}>
          <legend>{tr('filters.area', 'Living area (sq ft)')}</legend>
          <div className={styles.pair}>
            <RangeSelect
              label={tr('filters.minSqft', 'Minimum square feet')}
              value={criteria.minsqft}
              steps={SQFT_STEPS}
              format={(n) => count(n)}
              anyLabel={tr('filters.noMin', 'No min')}
              onChange={(v) => set('minsqft', v)}
            />
            <span className={styles.dash} aria-hidden="true">
              –
            </span>
            <RangeSelect
              label={tr('filters.maxSqft', 'Maximum square feet')}
              value={criteria.maxsqft}
              steps={SQFT_STEPS}
              format={(n) => count(n)}
              anyLabel={tr('filters.noMax', 'No max')}
              onChange={(v) => set('maxsqft', v)}
            />
          </div>
        </fieldset>
        <fieldset className={`${styles.fieldset} ${styles.wide}`}>
          <legend>{tr('filters.type', 'Home type')}</legend>
          <div className={styles.checks}>
            {LISTING_TYPES.map((t) => (
              <label key={t.value} className={styles.check}>
                <input type="checkbox" checked={types.has(t.value)} onChange={(e) => toggleType(t.value, e.target.checked)} />
                <span>{tr(`filters.type.${t.value}`, t.label)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className={`${styles.fieldset} ${styles.wide}`}>
          <legend>{tr('filters.tags', 'Tags')}</legend>
          <div className={styles.checks} id={`${uid}-tags`}>
            {shownTags.map((t) => (
              <label key={t.field} className={`${styles.check} ${styles.pill}`}>
                <input type="checkbox" checked={criteria[t.field] === '1'} onChange={(e) => set(t.field, e.target.checked ? '1' : undefined)} />
                <span>{tr(`filters.tag.${t.field}`, t.label)}</span>
              </label>
            ))}
            <button
              type="button"
              className={styles.linkButton}
              aria-expanded={moreTags}
              aria-controls={`${uid}-tags`}
              onClick={() => onMoreTagsChange(!moreTags)}
            >
              {moreTags ? tr('search.hideTags', 'Hide Tags') : tr('search.moreTags', 'More Tags')}
            </button>
          </div>
        </fieldset>
      </div>
      <div className={styles.actions}>
        <button type="button" className="btn" onClick={reset}>
          {tr('search.reset', 'Reset')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {variant === 'mobile' ? tr('filters.showResults', 'Show results') : tr('filters.close', 'Close')}
        </button>
      </div>
    </div>
  );
}

function RangeSelect(p: {
  label: string;
  value: string | undefined;
  steps: readonly number[];
  format: (n: number) => string;
  anyLabel: string;
  onChange: (v: string | undefined) => void;
}) {
  const known = p.value && !p.steps.includes(Number(p.value)) ? [Number(p.value), ...p.steps].sort((a, b) => a - b) : p.steps;
  return (
    <select aria-label={p.label} className={styles.select} value={p.value ?? ''} onChange={(e) => p.onChange(e.target.value || undefined)}>
      <option value="">{p.anyLabel}</option>
      {known.map((n) => (
        <option key={n} value={String(n)}>
          {p.format(n)}
        </option>
      ))}
    </select>
  );
}

function Choices(p: {
  any: string;
  legend: string;
  name: string;
  value: string | undefined;
  choices: readonly string[];
  onChange: (v: string | undefined) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>{p.legend}</legend>
      <div className={styles.segments}>
        {['', ...p.choices].map((c) => (
          <label key={c || 'any'} className={styles.segment}>
            <input type="radio" name={p.name} value={c} checked={(p.value ?? '') === c} onChange={() => p.onChange(c || undefined)} />
            <span>{c ? `${c}+` : p.any}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
