/**
 * Phone rules of the product description (sections 5 and 9). Pure and free of Node or Nest
 * imports: the web app imports this file too.
 */
export const CELL_PHONE_MESSAGE = 'Phone number must be 10 digits and contain no characters.';

/** The cell phone rule: dashes removed, exactly 10 digits. Answers the digits, or null. */
export function normalizeCellPhone(value: string): string | null {
  const digits = value.trim().replace(/-/g, '');
  return /^[0-9]{10}$/.test(digits) ? digits : null;
}

export const isValidCellPhone = (value: string | null | undefined): boolean => typeof value === 'string' && normalizeCellPhone(value) !== null;

/** A bare 10-digit phone is shown as ###-###-####; anything else as it was given. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  return /^[0-9]{10}$/.test(value) ? `${value.slice(0, 3)}-${value.slice(3, 6)}-${value.slice(6)}` : value;
}
