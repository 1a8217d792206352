/** One public school as the NCES files describe it, in the product's own words. */
export type SchoolRecord = {
  /** NCES school id: 12 digits (state, district, school). */
  readonly ncessch: string;
  readonly name: string;
  readonly district: string | null;
  readonly street: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zip: string | null;
  /** CCD LEVEL: Elementary, Middle, High, Secondary, Prekindergarten, Ungraded, Other, Adult Education. */
  readonly level: string | null;
  /** CCD GSLO / GSHI codes: PK, KG, 01 … 12, 13, UG, AE. */
  readonly gradeLow: string | null;
  readonly gradeHigh: string | null;
  readonly latitude: number;
  readonly longitude: number;
};

export const schoolStream = (ncessch: string): string => `school-${ncessch}`;

const GRADE_WORDS: Readonly<Record<string, string>> = { PK: 'PK', KG: 'K', UG: 'Ungraded', AE: 'Adult' };
const grade = (code: string): string => GRADE_WORDS[code] ?? String(Number(code));

/** "K–5", "9–12", "PK": the grade span as parents read it; null when the file gave none. */
export function gradeSpan(low: string | null, high: string | null): string | null {
  if (!low && !high) return null;
  if (!low || !high || low === high) return grade((low ?? high)!);
  return `${grade(low)}–${grade(high)}`;
}
