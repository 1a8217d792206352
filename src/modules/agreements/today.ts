/** The calendar day agreements are counted in (UTC): an agreement ends at the end of its last day everywhere the office works. */
export const today = (now = new Date()): string => now.toISOString().slice(0, 10);
