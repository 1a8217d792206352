/** What a personal value reads as once its person's key is destroyed. */
export const ERASED_NAME = 'Erased person';
export const ERASED = '[erased]';

/**
 * Which fields of an event type are personal and whose person they belong to. `subject` names the
 * data key (a lead id for what is about a lead, a user id for an account's own data); `owner`,
 * when the event says it, the account (user id) that subject belongs to, so erasing the account
 * finds every key. Each field maps to what it reads as after erasure: a value, or a function of
 * the event's data where the placeholder must stay unique (an account's e-mail address).
 */
export type Placeholder = string | null | readonly never[] | ((data: Readonly<Record<string, unknown>>) => string);

export type PersonalFieldsRule = {
  readonly subject: (data: Record<string, unknown>) => string | undefined;
  readonly owner?: (data: Record<string, unknown>) => string | undefined;
  readonly fields: Readonly<Record<string, Placeholder>>;
};

export type PersonalFields = ReadonlyMap<string, PersonalFieldsRule>;
