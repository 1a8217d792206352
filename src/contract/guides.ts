import type { AreaKind, AreaMarket } from './public-pages';

/** The place a guide is about: its market numbers are those of the place's area page. */
export type GuideArea = { readonly kind: AreaKind; readonly label: string };

export const GUIDE_TITLE_MAX = 120;
export const GUIDE_BODY_MAX = 20_000;
export const GUIDE_PHOTOS_MAX = 12;

/** A guide as its editor and its public page show it. The body is plain text: paragraphs split on blank lines, never HTML. */
export type GuideView = {
  readonly guideId: string;
  readonly title: string;
  readonly area: GuideArea;
  readonly body: string;
  readonly photos: readonly string[];
  /** The public page's address: /guides/{guideId}. */
  readonly path: string;
  readonly updatedAt: string;
};

/** GET /api/guide/{id}: the guide with its area's market numbers (null when no listing of the place is on file). */
export type PublicGuide = GuideView & { readonly market: AreaMarket | null; readonly areaPath: string | null };

export const guidePath = (guideId: string): string => `/guides/${guideId}`;

/** Paragraphs as the page shows them: split on blank lines, each trimmed, empty ones dropped. */
export const paragraphsOf = (body: string): string[] =>
  body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
