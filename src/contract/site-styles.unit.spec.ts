import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  checkColorPalette,
  checkHomeCover,
  checkPaletteContrast,
  contrastRatio,
  PAGE_BACKGROUND,
  PALETTE_IDS,
  PALETTES,
  paletteOf,
  styleProperties,
  textOn,
} from './site-styles';

describe('site styles: the WCAG AA contrast rule', () => {
  it('computes the WCAG ratio: black on white 21:1, a colour on itself 1:1, the same both ways', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // #767676 is the well-known lightest grey that passes AA on white (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBe(contrastRatio('#767676', '#ffffff'));
  });

  it.each(PALETTE_IDS)('the curated palette %s passes: white text on its primary, links on the page, text on its accent', (id) => {
    const { primary, accent } = PALETTES[id];
    expect(checkPaletteContrast(primary, accent)).toEqual({ ok: true, value: { primary, accent } });
    expect(contrastRatio(primary, '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio(primary, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio(accent, textOn(accent))).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('refuses a primary colour too light for white text, saying the ratio it reaches', () => {
    const r = checkColorPalette({ palette: 'custom', primary: '#FFD700', accent: '#1f3a5f' });
    expect(r).toEqual({
      ok: false,
      message: expect.stringMatching(/^The primary colour #ffd700 is too light: .* contrast of 1\.[0-9]:1; WCAG AA asks for at least 4\.5:1/),
    });
  });

  it('refuses a primary that passes on white but not on the page background (#767676: 4.54 on white, less on #f5f7fa)', () => {
    expect(checkPaletteContrast('#767676', '#f5b53d').ok).toBe(false);
  });

  it('refuses an accent no text colour reads on at 4.5:1', () => {
    // A mid grey: white and the page's ink both stay under 4.5:1 on it.
    const accent = '#7e7e7e';
    expect(Math.max(contrastRatio(accent, '#ffffff'), contrastRatio(accent, '#152033'))).toBeLessThan(AA_CONTRAST);
    expect(checkPaletteContrast('#1f3a5f', accent)).toEqual({
      ok: false,
      message: expect.stringMatching(/^The accent colour #7e7e7e leaves text on it at 4\.0:1/),
    });
  });

  it('a curated palette brings its own colours; custom needs both, written #rrggbb', () => {
    expect(checkColorPalette({ palette: 'navy', primary: '#ffffff' })).toEqual({
      ok: true,
      value: { palette: 'navy', primary: PALETTES.navy.primary, accent: PALETTES.navy.accent },
    });
    expect(checkColorPalette({ palette: 'custom', primary: '#123456' })).toEqual({
      ok: false,
      message: 'A custom palette needs both a primary and an accent colour',
    });
    expect(checkColorPalette({ palette: 'custom', primary: 'blue', accent: '#ffffff' })).toEqual({
      ok: false,
      message: 'primary must be a colour written #rrggbb',
    });
    expect(checkColorPalette({ palette: 'neon' })).toEqual({ ok: false, message: expect.stringMatching(/^palette must be one of: harbor, navy/) });
    expect(checkColorPalette({ palette: 'custom', primary: ' #1F3A5F ', accent: '#F5B53D' })).toEqual({
      ok: true,
      value: { palette: 'custom', primary: '#1f3a5f', accent: '#f5b53d' },
    });
  });

  it("names the palette a site's colours still match, else custom", () => {
    expect(paletteOf('navy', PALETTES.navy.primary, PALETTES.navy.accent).palette).toBe('navy');
    expect(paletteOf('navy', '#123456', PALETTES.navy.accent).palette).toBe('custom');
    expect(paletteOf(undefined, PALETTES.harbor.primary, PALETTES.harbor.accent).palette).toBe('harbor');
  });

  it('the stylesheet puts dark text on a light accent and white on a dark one', () => {
    const props = styleProperties({ colorpalette: { palette: 'custom', primary: '#1f3a5f', accent: '#fbbf24' }, fontpack: { pack: 'classic' } });
    expect(props['--accent-contrast']).toBe('#152033');
    expect(props['--brand-contrast']).toBe('#ffffff');
    expect(props['--font-heading']).toMatch(/serif$/);
  });

  it('a cover takes only an uploaded image, and bounded text, tidied', () => {
    expect(checkHomeCover({ imageUrl: 'https://evil.example/x.jpg' })).toEqual({
      ok: false,
      message: 'The cover image must be an image uploaded here (JPEG, PNG, GIF or WebP)',
    });
    expect(checkHomeCover({ imageUrl: '/uploads/resume.pdf' }).ok).toBe(false);
    expect(checkHomeCover({ headline: 'x'.repeat(81) })).toEqual({ ok: false, message: 'The headline is at most 80 characters' });
    expect(checkHomeCover({ subline: 'x'.repeat(161) })).toEqual({ ok: false, message: 'The sub-line is at most 160 characters' });
    expect(checkHomeCover({ imageUrl: ' /uploads/ab12.jpg ', headline: '  Find  your  home ', subline: '' })).toEqual({
      ok: true,
      value: { imageUrl: '/uploads/ab12.jpg', headline: 'Find your home', subline: '' },
    });
    expect(checkHomeCover({ imageUrl: '' })).toEqual({ ok: true, value: { imageUrl: null, headline: '', subline: '' } });
  });
});
