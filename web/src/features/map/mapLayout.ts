import type { Cluster, Pin } from '../../../../src/contract/search';

/** Room kept around framed results, in pixels. */
export const FIT_MARGIN = 48;

/**
 * The padding that frames results below the map's tool overlay (toolbar and notice), so no pin
 * lands under a button. Kept within the map: fitBounds refuses padding larger than the map, and
 * a short map (a phone in split view) gets what room there is.
 */
export function fitPadding(map: { width: number; height: number }, overlayBottom: number): { top: number; right: number; bottom: number; left: number } {
  const side = Math.min(FIT_MARGIN, Math.max(0, map.width / 2 - 20));
  const bottom = Math.min(FIT_MARGIN, Math.max(0, map.height / 4));
  const top = Math.max(side, Math.min(overlayBottom + 16, map.height - bottom - 40));
  return { top: Math.max(0, top), right: side, bottom, left: side };
}

/**
 * What the map draws of a search answer: the pins standing alone and the clusters of the cells
 * not every match of which is pinned (true counts); how many matches that draws in all.
 */
export function drawnMatches(pins: readonly Pin[], clusters: readonly Cluster[]): { pins: Pin[]; clusters: Cluster[]; count: number } {
  const standing = pins.filter((p) => !p.inCluster);
  const open = clusters.filter((c) => !c.complete);
  return { pins: standing, clusters: open, count: standing.length + open.reduce((n, c) => n + c.count, 0) };
}
