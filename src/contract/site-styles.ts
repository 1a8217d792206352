/**
 * A site's styles (the /api/castle/styles family): its colour palette, its font pack and its
 * home page's cover, with the rules that refuse a value. Shared by the server's decider, the
 * public site's stylesheet and the dashboard's form, so all three say the same. No Node or Nest
 * imports: web/ imports this file.
 */

/** WCAG 2.x AA for normal text. */
export const AA_CONTRAST = 4.5;

/** The page background and body text of the public site (web/src/styles.css --bg and --ink). */
export const PAGE_BACKGROUND = '#f5f7fa';
export const PAGE_INK = '#152033';
const WHITE = '#ffffff';

export const PALETTES = {
  harbor: { label: 'Harbor', primary: '#0b6b57', accent: '#f5b53d' },
  navy: { label: 'Navy', primary: '#1f3a5f', accent: '#e07a5f' },
  terracotta: { label: 'Terracotta', primary: '#9a3412', accent: '#fbbf24' },
  plum: { label: 'Plum', primary: '#6b2c5f', accent: '#f4a259' },
  slate: { label: 'Slate', primary: '#334155', accent: '#38bdf8' },
} as const;
export type PaletteId = keyof typeof PALETTES;
export const PALETTE_IDS = Object.keys(PALETTES) as PaletteId[];
/** A curated palette, or the broker's own primary and accent colours. */
export type PaletteChoice = PaletteId | 'custom';

const SYSTEM_SANS = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const TRANSITIONAL_SERIF = "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, 'Liberation Serif', 'DejaVu Serif', serif";
const OLD_STYLE_SERIF = "'Iowan Old Style', 'Palatino Linotype', 'URW Palladio L', P052, 'DejaVu Serif', serif";
const HUMANIST_SANS = "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif";

/**
 * Font pairings from the fonts already on the visitor's device (the product ships no font files
 * and loads none from another host): headings and body text.
 */
export const FONT_PACKS = {
  modern: { label: 'Modern (system sans-serif)', heading: SYSTEM_SANS, body: SYSTEM_SANS },
  classic: { label: 'Classic (serif headings, sans-serif text)', heading: TRANSITIONAL_SERIF, body: SYSTEM_SANS },
  editorial: { label: 'Editorial (serif throughout)', heading: OLD_STYLE_SERIF, body: OLD_STYLE_SERIF },
  humanist: { label: 'Humanist (warm sans-serif)', heading: HUMANIST_SANS, body: HUMANIST_SANS },
} as const;
export type FontPackId = keyof typeof FONT_PACKS;
export const FONT_PACK_IDS = Object.keys(FONT_PACKS) as FontPackId[];

export const HEADLINE_MAX = 80;
export const SUBLINE_MAX = 160;

export type ColorPalette = { readonly palette: PaletteChoice; readonly primary: string; readonly accent: string };
export type FontPack = { readonly pack: FontPackId };
/** The home page's cover: an uploaded image (null: none), a headline and a sub-line ('' : none). */
export type HomeCover = { readonly imageUrl: string | null; readonly headline: string; readonly subline: string };

/** GET /api/castle/styles (the request's site) and /api/castle/styles/{siteId}. */
export type SiteStylesView = { readonly colorpalette: ColorPalette; readonly fontpack: FontPack; readonly homecover: HomeCover };

export const defaultHomeCover: HomeCover = { imageUrl: null, headline: '', subline: '' };

export const STYLE_MESSAGES = {
  palette: `palette must be one of: ${[...PALETTE_IDS, 'custom'].join(', ')}`,
  customColours: 'A custom palette needs both a primary and an accent colour',
  colour: 'must be a colour written #rrggbb',
  pack: `pack must be one of: ${FONT_PACK_IDS.join(', ')}`,
  coverImage: 'The cover image must be an image uploaded here (JPEG, PNG, GIF or WebP)',
  headline: `The headline is at most ${HEADLINE_MAX} characters`,
  subline: `The sub-line is at most ${SUBLINE_MAX} characters`,
  notYours: 'No such site',
} as const;

const COLOUR = /^#[0-9a-f]{6}$/;
const COVER_IMAGE = /^\/uploads\/[A-Za-z0-9._-]{1,200}\.(jpe?g|png|gif|webp)$/i;

/** Relative luminance of a #rrggbb colour (WCAG 2.x). */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour that reads best on a background: white or the page's ink. */
export const textOn = (background: string): string => (contrastRatio(background, WHITE) >= contrastRatio(background, PAGE_INK) ? WHITE : PAGE_INK);

const ratioText = (r: number) => `${(Math.floor(r * 10) / 10).toFixed(1)}:1`;

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A palette's colours, or why they fail WCAG AA: the primary colour carries white text (header,
 * buttons, the cover's box) and is the links' colour on the page background; the accent carries
 * white or dark text, whichever reads better.
 */
export function checkPaletteContrast(primary: string, accent: string): Checked<{ primary: string; accent: string }> {
  const onWhite = contrastRatio(primary, WHITE);
  const onPage = contrastRatio(primary, PAGE_BACKGROUND);
  const weakest = Math.min(onWhite, onPage);
  if (weakest < AA_CONTRAST) {
    return {
      ok: false,
      message: `The primary colour ${primary} is too light: white text on it, and links in it, have a contrast of ${ratioText(weakest)}; WCAG AA asks for at least 4.5:1. Choose a darker colour.`,
    };
  }
  const onAccent = contrastRatio(accent, textOn(accent));
  if (onAccent < AA_CONTRAST) {
    return {
      ok: false,
      message: `The accent colour ${accent} leaves text on it at ${ratioText(onAccent)}; WCAG AA asks for at least 4.5:1. Choose a lighter or darker colour.`,
    };
  }
  return { ok: true, value: { primary, accent } };
}

const colourOf = (name: string, value: unknown): Checked<string> => {
  const c = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return COLOUR.test(c) ? { ok: true, value: c } : { ok: false, message: `${name} ${STYLE_MESSAGES.colour}` };
};

/** A palette choice as stored (a curated one brings its own colours), or the message that refuses it. */
export function checkColorPalette(input: { palette: unknown; primary?: unknown; accent?: unknown }): Checked<ColorPalette> {
  const { palette } = input;
  if (typeof palette === 'string' && palette in PALETTES) {
    const p = PALETTES[palette as PaletteId];
    return { ok: true, value: { palette: palette as PaletteId, primary: p.primary, accent: p.accent } };
  }
  if (palette !== 'custom') return { ok: false, message: STYLE_MESSAGES.palette };
  if (input.primary === undefined || input.accent === undefined) return { ok: false, message: STYLE_MESSAGES.customColours };
  const primary = colourOf('primary', input.primary);
  if (!primary.ok) return primary;
  const accent = colourOf('accent', input.accent);
  if (!accent.ok) return accent;
  const contrast = checkPaletteContrast(primary.value, accent.value);
  return contrast.ok ? { ok: true, value: { palette: 'custom', ...contrast.value } } : contrast;
}

export function checkFontPack(pack: unknown): Checked<FontPack> {
  return typeof pack === 'string' && pack in FONT_PACKS ? { ok: true, value: { pack: pack as FontPackId } } : { ok: false, message: STYLE_MESSAGES.pack };
}

const tidy = (t: unknown) => (typeof t === 'string' ? t.trim().replace(/\s+/g, ' ') : '');

/** A cover as stored (text tidied, an empty image address as none), or the message that refuses it. */
export function checkHomeCover(input: { imageUrl?: unknown; headline?: unknown; subline?: unknown }): Checked<HomeCover> {
  const image = typeof input.imageUrl === 'string' ? input.imageUrl.trim() : input.imageUrl;
  if (image !== null && image !== undefined && image !== '' && !(typeof image === 'string' && COVER_IMAGE.test(image)))
    return { ok: false, message: STYLE_MESSAGES.coverImage };
  const headline = tidy(input.headline);
  if (headline.length > HEADLINE_MAX) return { ok: false, message: STYLE_MESSAGES.headline };
  const subline = tidy(input.subline);
  if (subline.length > SUBLINE_MAX) return { ok: false, message: STYLE_MESSAGES.subline };
  return { ok: true, value: { imageUrl: typeof image === 'string' && image ? image : null, headline, subline } };
}

/** The palette a site's colours are: the curated one it chose while they still match it, else custom. */
export function paletteOf(chosen: PaletteChoice | undefined, primary: string, accent: string): ColorPalette {
  const named = chosen && chosen !== 'custom' ? PALETTES[chosen] : undefined;
  const match =
    named && named.primary === primary && named.accent === accent
      ? chosen
      : (PALETTE_IDS.find((id) => PALETTES[id].primary === primary && PALETTES[id].accent === accent) ?? 'custom');
  return { palette: match as PaletteChoice, primary, accent };
}

/** The styles view of a site's colours and its style choices (the defaults for what it never chose). */
export function siteStylesView(
  primary: string,
  accent: string,
  choices: { palette?: PaletteChoice | null; pack?: FontPackId; cover?: Partial<HomeCover> },
): SiteStylesView {
  return {
    colorpalette: paletteOf(choices.palette ?? undefined, primary, accent),
    fontpack: { pack: choices.pack && choices.pack in FONT_PACKS ? choices.pack : 'modern' },
    homecover: { ...defaultHomeCover, ...choices.cover },
  };
}

/**
 * The CSS custom properties a site's styles set on the public site: brand and accent with the
 * text colours that read on them, and the font pack's stacks.
 */
export function styleProperties(styles: Pick<SiteStylesView, 'colorpalette' | 'fontpack'>): Record<string, string> {
  const { primary, accent } = styles.colorpalette;
  const pack = FONT_PACKS[styles.fontpack.pack] ?? FONT_PACKS.modern;
  return {
    '--brand': primary,
    '--brand-strong': `color-mix(in srgb, ${primary} 75%, black)`,
    '--brand-ink': `color-mix(in srgb, ${primary} 75%, black)`,
    '--brand-contrast': textOn(primary),
    '--accent': accent,
    '--accent-contrast': textOn(accent),
    '--font-body': pack.body,
    '--font-heading': pack.heading,
  };
}
