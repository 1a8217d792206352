/** Field parsers that name the file position of a bad value instead of yielding NaN. */

export function requiredNumber(text: string, field: string, where: string): number {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) throw new Error(`${where}: ${field} is not a number: "${text}"`);
  return value;
}

/** An empty field is an unknown value, not zero. */
export function optionalNumber(text: string, field: string, where: string): number | null {
  return text.trim() === '' ? null : requiredNumber(text, field, where);
}

/** Zero stands for "not recorded" in files that have no empty fields. */
export function positiveOrNull(value: number): number | null {
  return value > 0 ? value : null;
}

export function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
