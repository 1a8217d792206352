import { type FormEvent, type KeyboardEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { isAbort } from '../../../api/http';
import type { AutocompleteGroup, AutocompleteItem } from '../../../../../src/contract/search';
import { Icon } from '../../../ui/Icon';
import { TagChip } from '../../../ui/TagChip';
import { count } from '../../../ui/format';
import { activeItem, autocompleteReducer, closedAutocomplete, flatItems, keyAction } from '../utils/autocompleteModel';
import styles from './KeywordBox.module.css';
import { AUTOCOMPLETE_DEBOUNCE_MS, AUTOCOMPLETE_MIN_CHARS, MSG } from '../../search';
import { addTag, removeTag, type Tag, tagFromItem } from '../../search';
import { useT } from '../../../ui/translations';

type Props = {
  readonly tags: readonly Tag[];
  /** A tag was added or removed: the caller searches with the new tags. */
  readonly onTagsChange: (tags: readonly Tag[]) => void;
  /** Submit with the tags as they are. */
  readonly onSubmit: () => void;
  /** The keyword was emptied while the filters are closed: tags cleared, results refreshed. */
  readonly onCleared: () => void;
  readonly filtersOpen: boolean;
  readonly loading: boolean;
  readonly suggest: (term: string) => Promise<readonly AutocompleteGroup[]>;
  /** Other removable chips (map area, drawn polygons) shown among the tags. */
  readonly extraChips?: React.ReactNode;
};

/** The keyword box: autocomplete dropdown (spec sections 4, 5, 9) and removable location tags. */
export function KeywordBox({ tags, onTagsChange, onSubmit, onCleared, filtersOpen, loading, suggest, extraChips }: Props) {
  const t = useT();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ac, dispatch] = useReducer(autocompleteReducer, closedAutocomplete);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const optionId = (i: number) => `${id}-opt-${i}`;

  useEffect(() => () => clearTimeout(timer.current), []);

  const lookup = async (term: string): Promise<readonly AutocompleteGroup[]> => {
    latest.current = term;
    try {
      const groups = await suggest(term.trim());
      if (latest.current === term) dispatch({ type: 'results', groups });
      return groups;
    } catch (err) {
      if (!isAbort(err) && latest.current === term) dispatch({ type: 'close' });
      return [];
    }
  };

  const schedule = (term: string, delay: number) => {
    clearTimeout(timer.current);
    if (term.trim().length < AUTOCOMPLETE_MIN_CHARS) {
      latest.current = term;
      dispatch({ type: 'close' });
      return;
    }
    if (delay === 0) void lookup(term);
    else timer.current = setTimeout(() => void lookup(term), delay);
  };

  const pick = (item: AutocompleteItem) => {
    const tag = tagFromItem(item);
    clearTimeout(timer.current);
    latest.current = '';
    dispatch({ type: 'close' });
    setText('');
    setError(null);
    if (tag) onTagsChange(addTag(tags, tag));
    input.current?.focus();
  };

  const onChange = (value: string) => {
    setText(value);
    setError(null);
    if (value === '' && text !== '' && !filtersOpen) {
      clearTimeout(timer.current);
      latest.current = '';
      dispatch({ type: 'close' });
      onCleared();
      return;
    }
    schedule(value, AUTOCOMPLETE_DEBOUNCE_MS);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && text === '' && tags.length > 0) {
      onTagsChange(removeTag(tags, tags[tags.length - 1]!));
      return;
    }
    const action = keyAction(e.key);
    if (action === 'close' && ac.open) {
      e.preventDefault();
      dispatch({ type: 'close' });
    } else if (action === 'up' || action === 'down') {
      e.preventDefault();
      if (!ac.open && text.trim().length >= AUTOCOMPLETE_MIN_CHARS) schedule(text, 0);
      else dispatch({ type: action });
    } else if (action === 'pick' && ac.open) {
      const item = activeItem(ac);
      if (item) {
        e.preventDefault();
        pick(item);
      }
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clearTimeout(timer.current);
    const term = text.trim();
    if (term) {
      // With the filters form present, a submit takes the first suggestion (spec section 5).
      const groups = term.length >= AUTOCOMPLETE_MIN_CHARS ? await lookup(text) : [];
      const first = flatItems(groups)[0];
      if (first) pick(first);
      else pick({ inputName: 'acl_kw', value: term, friendlyInputName: term });
      return;
    }
    if (tags.length === 0) {
      setError(t('search.emptyLocation', MSG.emptyLocation));
      input.current?.focus();
      return;
    }
    dispatch({ type: 'close' });
    onSubmit();
  };

  let index = -1;
  return (
    <form className={styles.form} role="search" aria-label={t('search.form', 'Search homes')} onSubmit={(e) => void submit(e)} noValidate>
      <div className={`${styles.box} ${error ? styles.invalid : ''}`} onClick={() => input.current?.focus()}>
        <Icon name="search" className={styles.lead} />
        <ul className={styles.tags} aria-label={t('search.locations', 'Search locations')}>
          {tags.map((t) => (
            <li key={`${t.field}:${t.value}`}>
              <TagChip label={t.label} onRemove={() => onTagsChange(removeTag(tags, t))} />
            </li>
          ))}
          {extraChips}
        </ul>
        <input
          ref={input}
          className={styles.input}
          type="text"
          role="combobox"
          aria-label={t('search.location.label', 'City, county, zip, address or MLS number')}
          aria-autocomplete="list"
          aria-expanded={ac.open}
          aria-controls={listId}
          aria-activedescendant={ac.open ? optionId(ac.active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={tags.length ? t('search.location.another', 'Add another place') : t('search.location.placeholder', 'City, zip, address or MLS #')}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onFocus={() => schedule(text, 0)}
          onBlur={() => dispatch({ type: 'close' })}
          onKeyDown={onKeyDown}
        />
        <div id={listId} role="listbox" aria-label={t('search.suggestions', 'Suggestions')} className={styles.list} hidden={!ac.open}>
          {ac.open &&
            ac.groups.map((g, gi) => (
              <div key={`${g.name}-${gi}`} role="group" aria-labelledby={`${id}-g${gi}`} className={styles.group}>
                <div id={`${id}-g${gi}`} role="presentation" className={styles.groupName}>
                  {g.name}
                  {g.groupcount > g.items.length && <span className={styles.groupCount}>{count(g.groupcount)}</span>}
                </div>
                {g.items.map((item) => {
                  index += 1;
                  const i = index;
                  return (
                    <div
                      key={`${item.inputName}:${item.value}:${i}`}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === ac.active}
                      className={styles.option}
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseMove={() => i !== ac.active && dispatch({ type: 'hover', index: i })}
                      onClick={() => pick(item)}
                    >
                      <span className={styles.optionValue}>{item.value}</span>
                      {item.friendlyInputName && <span className={styles.optionKind}>{item.friendlyInputName}</span>}
                    </div>
                  );
                })}
              </div>
            ))}
        </div>
      </div>
      <button type="submit" className={styles.submit} aria-busy={loading || undefined}>
        {loading ? <span className={styles.spinner} aria-hidden="true" /> : <Icon name="search" />}
        <span className="label-desktop">{t('search.submit', 'Search')}</span>
      </button>
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}
