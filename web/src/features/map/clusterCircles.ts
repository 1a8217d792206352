import type { Cluster } from '../../../../src/contract/search';

/** A cluster circle's radius in pixels: grows with the count's digits. */
export const clusterRadius = (count: number): number => 14 + Math.min(22, Math.log10(Math.max(1, count)) * 7);

/** Room kept between two circles (their white rings included), in pixels. */
export const CLUSTER_GAP = 2;

type Point = { x: number; y: number };

/**
 * Clusters as the screen can show them: the server groups matches by grid cell, and the mean
 * positions of two neighbouring cells can sit a few pixels apart, so circles that would touch
 * at this zoom become one, its count the sum and its place the counts' weighted mean. Repeated
 * until no two touch: a merged circle is larger and may reach a third.
 */
export function clustersThatFit(clusters: readonly Cluster[], project: (c: Cluster) => Point): Cluster[] {
  type Circle = { c: Cluster; at: Point; r: number };
  const circles: Circle[] = clusters.map((c) => ({ c, at: project(c), r: clusterRadius(c.count) }));
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < circles.length && !merged; i++) {
      for (let j = i + 1; j < circles.length; j++) {
        const [a, b] = [circles[i]!, circles[j]!];
        if (Math.hypot(a.at.x - b.at.x, a.at.y - b.at.y) >= a.r + b.r + CLUSTER_GAP) continue;
        const count = a.c.count + b.c.count;
        const mean = (f: (c: Cluster) => number) => (f(a.c) * a.c.count + f(b.c) * b.c.count) / count;
        const c: Cluster = { latitude: mean((c) => c.latitude), longitude: mean((c) => c.longitude), count };
        circles.splice(j, 1);
        circles[i] = { c, at: project(c), r: clusterRadius(count) };
        merged = true;
        break;
      }
    }
  }
  return circles.map((k) => k.c);
}

/** The smallest room between two drawn circles in pixels (negative: they overlap); null under two. */
export function narrowestGap(clusters: readonly Cluster[], project: (c: Cluster) => Point): number | null {
  const at = clusters.map((c) => ({ p: project(c), r: clusterRadius(c.count) }));
  let least: number | null = null;
  for (let i = 0; i < at.length; i++)
    for (let j = i + 1; j < at.length; j++) {
      const gap = Math.hypot(at[i]!.p.x - at[j]!.p.x, at[i]!.p.y - at[j]!.p.y) - at[i]!.r - at[j]!.r;
      if (least === null || gap < least) least = gap;
    }
  return least;
}
