import type { Pin } from '../../../../src/contract/search';
import { pinLabel } from './pinLabel';

type Box = { x0: number; y0: number; x1: number; y1: number };

/**
 * Which price labels fit on screen without overlapping: greedy, the preferred pins first (hovered,
 * selected), then cheaper-to-read short labels. Pins that lose keep their dot.
 */
export function labelsThatFit(pins: readonly Pin[], project: (p: Pin) => { x: number; y: number }, preferred: ReadonlySet<string>): Set<string> {
  const order = [...pins].sort((a, b) => Number(preferred.has(b.pdid)) - Number(preferred.has(a.pdid)) || a.pdid.localeCompare(b.pdid));
  const placed: Box[] = [];
  const out = new Set<string>();
  for (const p of order) {
    const { x, y } = project(p);
    const w = 7.5 * pinLabel(p).length + 14;
    const box = { x0: x - w / 2, y0: y - 27, x1: x + w / 2, y1: y - 6 };
    if (!preferred.has(p.pdid) && placed.some((b) => b.x0 < box.x1 && box.x0 < b.x1 && b.y0 < box.y1 && box.y0 < b.y1)) continue;
    placed.push(box);
    out.add(p.pdid);
  }
  return out;
}
