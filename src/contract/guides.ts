import { z } from 'zod';
import type { AreaKind, AreaMarket } from './public-pages';

export const GUIDE_TITLE_MAX = 120;
export const GUIDE_BODY_MAX = 20_000;
export const GUIDE_PHOTOS_MAX = 12;

const AREA_KINDS = ['city', 'county', 'zip'] as const satisfies readonly AreaKind[];

/** The place a guide is about: its market numbers are those of the place's area page. */
export const GuideAreaSchema = z.strictObject({ kind: z.enum(AREA_KINDS), label: z.string() });
export type GuideArea = Readonly<z.infer<typeof GuideAreaSchema>>;

/** A guide as its editor and its public page show it. The body is plain text: paragraphs split on blank lines, never HTML. */
export const GuideViewSchema = z.strictObject({
  guideId: z.string(),
  title: z.string(),
  area: GuideAreaSchema,
  body: z.string(),
  photos: z.array(z.string()).readonly(),
  /** The public page's address: /guides/{guideId}. */
  path: z.string(),
  updatedAt: z.string(),
});
export type GuideView = Readonly<z.infer<typeof GuideViewSchema>>;

/** An area's market numbers as a guide's page shows them (the area page's: AreaMarket). */
const AreaMarketSchema = z.strictObject({
  active: z.number(),
  medianListPrice: z.number().nullable(),
  medianPricePerSqft: z.number().nullable(),
  medianDaysOnMarket: z.number().nullable(),
  soldLast12Months: z.number().nullable(),
  byBedrooms: z.array(z.strictObject({ beds: z.string(), averagePrice: z.number(), count: z.number() }).readonly()).readonly(),
  center: z.strictObject({ lat: z.number(), lng: z.number() }).readonly().nullable(),
}) satisfies z.ZodType<AreaMarket>;

/** GET /api/guide/{id}: the guide with its area's market numbers (null when no listing of the place is on file). */
export const PublicGuideSchema = GuideViewSchema.extend({ market: AreaMarketSchema.nullable(), areaPath: z.string().nullable() });
export type PublicGuide = Readonly<z.infer<typeof PublicGuideSchema>>;

/** A guide as an area page links it. */
export const GuideLinkSchema = z.strictObject({ title: z.string(), path: z.string() });
export type GuideLink = Readonly<z.infer<typeof GuideLinkSchema>>;

export const guidePath = (guideId: string): string => `/guides/${guideId}`;

/** Paragraphs as the page shows them: split on blank lines, each trimmed, empty ones dropped. */
export const paragraphsOf = (body: string): string[] =>
  body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
