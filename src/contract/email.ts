/**
 * The product's address pattern (spec section 5), except that the top-level domain may have 2
 * to 63 letters (contract section 2). CR and LF can never match, which keeps header injection out.
 * No Node imports: the web app imports this file too.
 */
const EMAIL = /^[A-Za-z0-9_.+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,63}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export const isValidEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

/**
 * The address as stored (trimmed, lower-cased), or null when it is not one. A value holding a
 * control character (CR, LF, tab...) is refused outright rather than trimmed into shape.
 */
export function parseEmail(value: string): string | null {
  if (CONTROL.test(value)) return null;
  const email = normalizeEmail(value);
  return isValidEmail(email) ? email : null;
}
