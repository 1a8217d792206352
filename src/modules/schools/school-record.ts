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
