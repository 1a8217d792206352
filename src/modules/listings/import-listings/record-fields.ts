/** A record that breaks the contract: the message names the field (and the item of a list). */
export class RecordError extends Error {}

// Text that a JSON store cannot hold (NUL, lone surrogates) is refused here with the field's
// name, rather than failing the whole batch's append later.
export const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A text field, trimmed (blank is null); `name` is how the message calls it, e.g. `OpenHouse[1].OpenHouseRemarks`. */
export function text(r: Record<string, unknown>, field: string, max: number, name = field): string | null {
  const v = r[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw new RecordError(`${name} must be a string (got ${JSON.stringify(v)})`);
  const t = v.trim();
  if (t.length > max) throw new RecordError(`${name} is longer than ${max} characters`);
  if (UNSTORABLE.test(t)) throw new RecordError(`${name} holds a NUL character or a broken surrogate pair`);
  return t === '' ? null : t;
}
