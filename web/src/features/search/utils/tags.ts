import type { AutocompleteItem, Criteria } from '../../../../../src/contract/search';
import { cleanCriteria } from './criteria';

/** A removable location tag in the keyword box: one criteria value. */
export type Tag = { readonly field: TagField; readonly value: string; readonly label: string };

export const TAG_FIELDS = ['acl_city', 'city', 'acl_county', 'acl_zip5', 'zip', 'acl_kw', 'kw', 'mlsid'] as const;
export type TagField = (typeof TAG_FIELDS)[number];
const isTagField = (f: string): f is TagField => (TAG_FIELDS as readonly string[]).includes(f);

/** Fields the contract reads as comma lists (any of them); the others hold one value, so a new tag replaces the old. */
const LIST_FIELDS: ReadonlySet<TagField> = new Set(['acl_city', 'city', 'acl_zip5', 'zip']);

/** city and acl_city (zip and acl_zip5, kw and acl_kw) mean the same place: a duplicate in either. */
const kindOf = (f: TagField): string =>
  f === 'city' || f === 'acl_city' ? 'city' : f === 'zip' || f === 'acl_zip5' ? 'zip' : f === 'kw' || f === 'acl_kw' ? 'kw' : f;
const norm = (v: string) => v.trim().replace(/\s+/g, ' ').toLowerCase();

export const sameTag = (a: Tag, b: Tag): boolean => kindOf(a.field) === kindOf(b.field) && norm(a.value) === norm(b.value);

export function labelFor(field: TagField, value: string): string {
  if (field === 'acl_county' && !/county$/i.test(value.trim())) return `${value.trim()} County`;
  if (field === 'mlsid') return `MLS# ${value}`;
  return value.trim();
}

export function tagFromItem(item: AutocompleteItem): Tag | null {
  if (!isTagField(item.inputName) || !item.value.trim()) return null;
  // friendlyInputName names the kind of input ('City'); the place itself is the value.
  return { field: item.inputName, value: item.value.trim(), label: labelFor(item.inputName, item.value) };
}

/** Adds a tag unless the same place is already there; a single-value field keeps only the newest tag. */
export function addTag(tags: readonly Tag[], tag: Tag): readonly Tag[] {
  if (!tag.value.trim() || tags.some((t) => sameTag(t, tag))) return tags;
  const kept = LIST_FIELDS.has(tag.field) ? tags : tags.filter((t) => kindOf(t.field) !== kindOf(tag.field));
  return [...kept, tag];
}

export const removeTag = (tags: readonly Tag[], tag: Tag): readonly Tag[] => tags.filter((t) => !sameTag(t, tag));

export function tagsFromCriteria(c: Criteria): readonly Tag[] {
  let tags: readonly Tag[] = [];
  for (const field of TAG_FIELDS) {
    const raw = c[field];
    if (!raw) continue;
    const values = LIST_FIELDS.has(field) ? raw.split(',') : [raw];
    for (const v of values) if (v.trim()) tags = addTag(tags, { field, value: v.trim(), label: labelFor(field, v) });
  }
  return tags;
}

/** The criteria with their location fields replaced by the tags (a new location starts at page 1). */
export function criteriaWithTags(c: Criteria, tags: readonly Tag[]): Criteria {
  const out: Record<string, string | undefined> = { ...c, page: undefined };
  for (const f of TAG_FIELDS) out[f] = undefined;
  for (const t of tags) out[t.field] = out[t.field] ? `${out[t.field]},${t.value}` : t.value;
  return cleanCriteria(out);
}
