import { z } from 'zod';

/** GET /api/school?lat=&lng=: the public schools nearest a point, nearest first. */
export const NearbySchoolSchema = z.strictObject({
  ncessch: z.string(),
  name: z.string(),
  district: z.string().nullable(),
  /** Street, city, state and zip as one line; null when the file gave none. */
  address: z.string().nullable(),
  /** NCES level: Elementary, Middle, High, Secondary, Prekindergarten, Other… */
  level: z.string().nullable(),
  /** "K–5", "9–12": null when the file gave no grade span. */
  grades: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** Straight-line distance from the point, in miles, to two decimals. */
  distanceMiles: z.number(),
});
export type NearbySchool = Readonly<z.infer<typeof NearbySchoolSchema>>;

export type NearbySchools = { readonly schools: readonly NearbySchool[] };

/** How far "nearby" reaches, and how many are listed, unless the caller asks for less. */
export const SCHOOL_RADIUS_MILES = 5;
export const SCHOOL_LIMIT = 6;
export const SCHOOL_MAX_LIMIT = 25;

const GRADE_WORDS: Readonly<Record<string, string>> = { PK: 'PK', KG: 'K', UG: 'Ungraded', AE: 'Adult' };
const grade = (code: string): string => GRADE_WORDS[code] ?? String(Number(code));

/** "K–5", "9–12", "PK": the grade span as parents read it; null when the file gave none. */
export function gradeSpan(low: string | null, high: string | null): string | null {
  if (!low && !high) return null;
  if (!low || !high || low === high) return grade((low ?? high)!);
  return `${grade(low)}–${grade(high)}`;
}
