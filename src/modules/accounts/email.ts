/**
 * The product's address pattern (spec section 5), except that the top-level domain may have 2
 * to 63 letters (contract section 2). CR and LF can never match, which keeps header injection out.
 */
const EMAIL = /^[A-Za-z0-9_.+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,63}$/;

export const isValidEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();
