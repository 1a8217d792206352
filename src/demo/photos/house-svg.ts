import { mulberry32 } from '../../shared/prng';

const SKIES = ['#bfe3f7', '#cde8f2', '#f7d9b5', '#d7d2f0', '#e6f2dc', '#fbe3d4'];
const WALLS = ['#f2e8d5', '#d9c3a5', '#b8c9d9', '#e0b7a3', '#c9d6b8', '#f5f1ea', '#a9b4bf', '#d4a373'];
const ROOFS = ['#6b4f3a', '#3e4a59', '#8c3b2f', '#4f5d4a', '#2f2f38', '#7a5c61'];
const DOORS = ['#7b3f22', '#254b6e', '#2e5e3a', '#8a1c1c', '#3b3b3b'];
const GRASS = ['#8fbf6a', '#79a95a', '#a5c97f', '#6f9c4f'];

const pick = <T>(list: readonly T[], r: () => number): T => list[Math.floor(r() * list.length)]!;

/**
 * A small house illustration for demo photo n: the same n always draws the same picture, so
 * browsers and proxies may cache it for good. About 1 KB, made in microseconds.
 */
export function houseSvg(n: number): string {
  const r = mulberry32(n * 2654435761);
  const wide = 260 + Math.floor(r() * 160);
  const tall = 150 + Math.floor(r() * 70);
  const x = 320 - wide / 2 + Math.floor((r() - 0.5) * 80);
  const ground = 400;
  const y = ground - tall;
  const roofPeak = y - 70 - Math.floor(r() * 50);
  const floors = tall > 190 ? 2 : 1;
  const windows: string[] = [];
  const perRow = 2 + Math.floor(r() * 3);
  for (let f = 0; f < floors; f++) {
    for (let i = 0; i < perRow; i++) {
      const wx = x + 20 + ((wide - 40) / perRow) * i + 8;
      const wy = y + 25 + f * 80;
      if (f === floors - 1 && Math.abs(wx + 20 - (x + wide / 2)) < 40) continue;
      windows.push(`<rect x="${wx.toFixed(0)}" y="${wy}" width="40" height="38" fill="#fdf6c9" stroke="#fff" stroke-width="4"/>`);
    }
  }
  const doorX = x + wide / 2 - 22;
  const tree =
    r() < 0.6
      ? `<rect x="${x + wide + 40}" y="${ground - 70}" width="14" height="70" fill="#6b4f3a"/><circle cx="${x + wide + 47}" cy="${ground - 95}" r="45" fill="${pick(GRASS, r)}"/>`
      : '';
  const sun = r() < 0.5 ? `<circle cx="${80 + Math.floor(r() * 120)}" cy="80" r="32" fill="#ffd76a"/>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480" width="640" height="480" role="img" aria-label="Illustration of a house">` +
    `<rect width="640" height="480" fill="${pick(SKIES, r)}"/>${sun}` +
    `<rect y="${ground}" width="640" height="${480 - ground}" fill="${pick(GRASS, r)}"/>` +
    `<rect x="${x}" y="${y}" width="${wide}" height="${tall}" fill="${pick(WALLS, r)}"/>` +
    `<polygon points="${x - 20},${y} ${x + wide / 2},${roofPeak} ${x + wide + 20},${y}" fill="${pick(ROOFS, r)}"/>` +
    windows.join('') +
    `<rect x="${doorX}" y="${ground - 80}" width="44" height="80" fill="${pick(DOORS, r)}"/>` +
    tree +
    `</svg>`
  );
}

/** Shown instead of a listing's photos when every one of them was reported broken. */
export const PLACEHOLDER_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480" width="640" height="480" role="img" aria-label="No photo available">` +
  `<rect width="640" height="480" fill="#e9ecef"/>` +
  `<polygon points="220,260 320,180 420,260" fill="none" stroke="#adb5bd" stroke-width="12"/>` +
  `<rect x="245" y="255" width="150" height="100" fill="none" stroke="#adb5bd" stroke-width="12"/>` +
  `<text x="320" y="410" font-family="sans-serif" font-size="28" fill="#868e96" text-anchor="middle">No photo available</text></svg>`;

export { PLACEHOLDER_PHOTO_URL } from '../../contract/search';
