import type { KeyRequest } from './data-keys';

/** What a personal value reads as once its person's key is destroyed. */
export const ERASED_NAME = 'Erased person';
export const ERASED = '[erased]';

/**
 * Which fields of an event type are personal and whose person they belong to. `subject` names the
 * data key (a lead id for what is about a lead, a user id for an account's own data); `owner`,
 * when the event says it, the account (user id) that subject belongs to, so erasing the account
 * finds every key. Each field maps to what it reads as after erasure: a value, or a function of
 * the event's data where the placeholder must stay unique (an account's e-mail address).
 *
 * `nested` names personal values inside a list or an object of the event, by path: `'leads[]'`
 * (each element of the list `leads`) or `'address'` (the object), with a rule of its own whose
 * subject, owner, fields and placeholders read that element, so `leads[].mergedName` is sealed
 * under the key of the lead the element names, not of the event's own subject.
 */
export type Placeholder = string | null | readonly never[] | ((data: Readonly<Record<string, unknown>>) => string);

export type PersonalFieldsRule = {
  readonly subject: (data: Record<string, unknown>) => string | undefined;
  readonly owner?: (data: Record<string, unknown>) => string | undefined;
  readonly fields: Readonly<Record<string, Placeholder>>;
  readonly nested?: Readonly<Record<string, PersonalFieldsRule>>;
};

export type PersonalFields = ReadonlyMap<string, PersonalFieldsRule>;

type Data = Record<string, unknown>;
const isObject = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The values a nested path names in the data, with a way to put mapped ones back. */
function atPath(data: Data, path: string): { items: Data[]; put: (items: unknown[]) => Data } | undefined {
  const list = path.endsWith('[]');
  const key = list ? path.slice(0, -2) : path;
  const v = data[key];
  if (list && Array.isArray(v)) return { items: v as Data[], put: (items) => ({ ...data, [key]: items }) };
  if (!list && isObject(v)) return { items: [v], put: (items) => ({ ...data, [key]: items[0] }) };
  return undefined;
}

/** Every data key an event's personal values are sealed under (its own, its nested elements'). */
export function keyRequests(rule: PersonalFieldsRule, data: Data): KeyRequest[] {
  const out: KeyRequest[] = [];
  const subject = rule.subject(data);
  if (subject && Object.keys(rule.fields).length > 0) out.push({ subject, owner: rule.owner?.(data) });
  for (const [path, inner] of Object.entries(rule.nested ?? {})) {
    for (const item of atPath(data, path)?.items ?? []) if (isObject(item)) out.push(...keyRequests(inner, item));
  }
  return out;
}

/**
 * The data with each personal value that holds something (not null or absent) mapped by `f`
 * (given its subject and its erased placeholder); the same object when nothing changed.
 */
export function mapPersonal(rule: PersonalFieldsRule, data: Data, f: (subject: string, value: unknown, erased: unknown) => unknown): Data {
  let out = data;
  const subject = rule.subject(data);
  if (subject) {
    for (const [field, erased] of Object.entries(rule.fields)) {
      const v = data[field];
      if (v === undefined || v === null) continue;
      const mapped = f(subject, v, typeof erased === 'function' ? erased(data) : erased);
      if (mapped === v) continue;
      if (out === data) out = { ...data };
      out[field] = mapped;
    }
  }
  for (const [path, inner] of Object.entries(rule.nested ?? {})) {
    const at = atPath(out, path);
    if (!at) continue;
    const mapped = at.items.map((item) => (isObject(item) ? mapPersonal(inner, item, f) : item));
    if (mapped.some((m, i) => m !== at.items[i])) out = at.put(mapped);
  }
  return out;
}
