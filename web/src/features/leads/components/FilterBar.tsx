import { useEffect, useId, useState } from 'react';
import type { Agent, Role } from '../../../api/dashboardApi';
import forms from '../../../ui/forms.module.css';
import { TagChip, TagChipList } from '../../../ui/TagChip';
import styles from './FilterBar.module.css';
import { activeFilterCount, type Filters } from '../../../lib/leadFilters';
import type { Facets } from '../api/leadListApi';

type Option = { readonly value: string; readonly label: string };
type Single = 'contacted' | 'notContactedHours' | 'lastActivity' | 'lastContact' | 'created' | 'scoreMin';
type Many = 'stage' | 'tag' | 'source' | 'site' | 'agentId';

export const SORTS: readonly Option[] = [
  { value: '', label: 'Newest activity' },
  { value: 'lastActivity', label: 'Oldest activity' },
  { value: '-created', label: 'Newest leads' },
  { value: 'created', label: 'Oldest leads' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: 'lastContact', label: 'Longest since contact' },
  { value: '-lastContact', label: 'Latest contact' },
  { value: '-score', label: 'Highest score' },
  { value: 'score', label: 'Lowest score' },
];

/** `7d` → "Last 7 days", `>30d` → "More than 30 days ago" (the server's window forms). */
function windowLabel(v: string): string {
  const m = /^(>)?(\d+)([hd])$/.exec(v)!;
  const span = `${m[2]} ${m[3] === 'h' ? 'hours' : 'days'}`;
  return m[1] ? `More than ${span} ago` : `Last ${span}`;
}
const windows = (...values: string[]): Option[] => values.map((value) => ({ value, label: windowLabel(value) }));

const PRESETS: Record<Single, { readonly label: string; readonly any: string; readonly options: readonly Option[] }> = {
  contacted: {
    label: 'Contacted',
    any: 'Any',
    options: [
      { value: 'no', label: 'Never contacted' },
      { value: 'yes', label: 'Contacted' },
    ],
  },
  notContactedHours: {
    label: 'Not contacted for',
    any: 'Any time',
    options: [1, 4, 24, 48, 72, 168].map((h) => ({ value: String(h), label: h < 48 ? `${h} hour${h === 1 ? '' : 's'} or more` : `${h / 24} days or more` })),
  },
  lastActivity: { label: 'Last activity', any: 'Any time', options: windows('24h', '7d', '30d', '90d', '>30d', '>90d') },
  lastContact: { label: 'Last contact', any: 'Any time', options: windows('7d', '30d', '>7d', '>30d') },
  created: { label: 'Created', any: 'Any time', options: windows('24h', '7d', '30d', '90d', '>90d') },
  scoreMin: { label: 'Score', any: 'Any score', options: [20, 40, 60, 80].map((n) => ({ value: String(n), label: `${n} or more` })) },
};
const SINGLE_KEYS = Object.keys(PRESETS) as Single[];
const CURRENT = '__current__';

type Props = {
  readonly filters: Filters;
  readonly onFilters: (f: Filters) => void;
  readonly facets: Facets | null;
  readonly sources: readonly string[];
  readonly agents: readonly Agent[];
  readonly role: Role;
  readonly onSave: () => void;
  readonly exportHref: string;
};

/**
 * The list's filter bar: text search and sort always in view; the other filters behind a
 * "Filters" button (the list column is narrow, a phone narrower), the ones in force shown as
 * chips that remove them; save as a smart list; export what is shown as CSV.
 */
export function FilterBar({ filters, onFilters, facets, sources, agents, role, onSave, exportHref }: Props) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(filters.q ?? '');
  // A smart list or a link changed the search: show it (typing changes it only from 2 characters).
  useEffect(() => setText((t) => (t.trim() === (filters.q ?? '') || t.trim().length === 1 ? t : (filters.q ?? ''))), [filters.q]);
  const id = useId();
  const count = activeFilterCount(filters);
  const set = (changes: Partial<Filters>) => onFilters(withChanges(filters, changes));
  const many = manyFilters(facets, sources, agents, role);
  const chips = filterChips(filters, many);

  return (
    <div className={styles.bar} role="search" aria-label="Filter leads">
      <div className={styles.row}>
        <label htmlFor={`${id}-q`} className="visually-hidden">
          Search leads
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className={`${forms.input} ${styles.search}`}
          placeholder="Search name, e-mail or phone"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            const q = e.target.value.trim();
            if (q.length === 0 || q.length >= 2) set({ q: q || undefined });
          }}
        />
      </div>
      <div className={styles.row}>
        <button type="button" className={`btn ${styles.toggle}`} aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
          Filters{count > 0 ? ` (${count})` : ''}
        </button>
        <label htmlFor={`${id}-sort`} className="visually-hidden">
          Sort
        </label>
        <select
          id={`${id}-sort`}
          className={`${forms.input} ${styles.sort}`}
          value={SORTS.some((s) => s.value === (filters.sort ?? '')) ? (filters.sort ?? '') : CURRENT}
          onChange={(e) => set({ sort: e.target.value || undefined })}
        >
          {!SORTS.some((s) => s.value === (filters.sort ?? '')) && <option value={CURRENT}>{filters.sort}</option>}
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {chips.length > 0 && (
        <TagChipList aria-label="Filters in force">
          {chips.map((c) => (
            <li key={c.text}>
              <TagChip label={c.text} removeLabel={`Remove filter ${c.text}`} onRemove={() => onFilters(c.without)} />
            </li>
          ))}
        </TagChipList>
      )}
      <div id={`${id}-panel`} className={styles.panel} hidden={!open}>
        {many.map(({ key, label, any, options }) => (
          <FilterSelect
            key={key}
            label={label}
            any={any}
            options={options}
            value={filters[key]}
            onChange={(v) => set({ [key]: v === undefined ? undefined : [v] })}
          />
        ))}
        {SINGLE_KEYS.map((k) => (
          <FilterSelect
            key={k}
            label={PRESETS[k].label}
            any={PRESETS[k].any}
            options={PRESETS[k].options}
            value={filters[k]}
            onChange={(v) => set({ [k]: v })}
          />
        ))}
        <button
          type="button"
          className={`btn ${styles.clear}`}
          onClick={() => onFilters(filters.sort ? { sort: filters.sort } : {})}
          disabled={count === 0 && !filters.q}
        >
          Clear filters
        </button>
      </div>
      <div className={styles.row}>
        <button type="button" className="btn" onClick={onSave} disabled={count === 0 && !filters.q}>
          Save as smart list
        </button>
        <a className="btn" href={exportHref} download>
          Export CSV
        </a>
      </div>
    </div>
  );
}

/** The filters with these changed; undefined or an empty list removes a filter. */
export function withChanges(filters: Filters, changes: Partial<Filters>): Filters {
  const next: Record<string, unknown> = { ...filters, ...changes };
  for (const k of Object.keys(next)) if (next[k] === undefined || (Array.isArray(next[k]) && (next[k] as unknown[]).length === 0)) delete next[k];
  return next as Filters;
}

type ManyFilter = { readonly key: Many; readonly label: string; readonly any: string; readonly options: readonly Option[] };

/** The filters that take values from the viewer's data (stages, tags, sources, sites, agents), with their options. */
export function manyFilters(facets: Facets | null, sources: readonly string[], agents: readonly Agent[], role: Role): ManyFilter[] {
  return [
    { key: 'stage', label: 'Stage', any: 'Any stage', options: (facets?.stages ?? []).map((s) => ({ value: s, label: s })) },
    { key: 'tag', label: 'Tag', any: 'Any tag', options: (facets?.tags ?? []).map((t) => ({ value: t, label: t })) },
    { key: 'source', label: 'Source', any: 'Any source', options: sources.map((s) => ({ value: s, label: s })) },
    {
      key: 'site',
      label: 'Site',
      any: 'Any site',
      options: (facets?.sites ?? []).map((s) => ({ value: s.siteId, label: s.siteName ?? s.site ?? 'Site without a name' })),
    },
    ...(role === 'agent'
      ? []
      : [
          {
            key: 'agentId' as const,
            label: 'Agent',
            any: 'Any agent',
            options: [...agents.map((a) => ({ value: a.userId, label: a.fullName })), { value: 'none', label: 'Nobody (pond)' }],
          },
        ]),
  ];
}

/** The filters in force in words ("Stage: New"), each with the filters without it. */
export function filterChips(filters: Filters, many: readonly ManyFilter[]): { readonly text: string; readonly without: Filters }[] {
  const without = (changes: Partial<Filters>) => withChanges(filters, changes);
  return [
    ...many.flatMap(({ key, label, options }) =>
      (filters[key] ?? []).map((v) => ({
        text: `${label}: ${options.find((o) => o.value === v)?.label ?? v}`,
        without: without({ [key]: filters[key]!.filter((x) => x !== v) }),
      })),
    ),
    ...SINGLE_KEYS.filter((k) => filters[k] !== undefined).map((k) => ({
      text: `${PRESETS[k].label}: ${PRESETS[k].options.find((o) => o.value === filters[k])?.label ?? filters[k]}`,
      without: without({ [k]: undefined }),
    })),
    ...(filters.status ? [{ text: `Status: ${filters.status}`, without: without({ status: undefined }) }] : []),
    ...(filters.task === 'overdue' ? [{ text: 'Has an overdue task', without: without({ task: undefined }) }] : []),
    ...(filters.q ? [{ text: `Text: ${filters.q}`, without: without({ q: undefined }) }] : []),
  ];
}

/** One labelled select; a value the options do not have (several stages from a smart list, a range from a link) shows as it is. */
function FilterSelect({
  label,
  any,
  options,
  value,
  onChange,
}: {
  label: string;
  any: string;
  options: readonly Option[];
  value: string | readonly string[] | undefined;
  onChange: (v: string | undefined) => void;
}) {
  const id = useId();
  const values = value === undefined ? [] : typeof value === 'string' ? [value] : value;
  const known = values.length === 1 && options.some((o) => o.value === values[0]);
  const current = values.length === 0 ? '' : known ? values[0]! : CURRENT;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className={forms.input} value={current} onChange={(e) => e.target.value !== CURRENT && onChange(e.target.value || undefined)}>
        <option value="">{any}</option>
        {current === CURRENT && <option value={CURRENT}>{values.map((v) => options.find((o) => o.value === v)?.label ?? v).join(', ')}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
