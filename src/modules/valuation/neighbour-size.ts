/** How many of the nearest sales make a home's neighbourhood, for the size of the homes around it. */
export const NEIGHBOURS = 8;

/**
 * The log of the mean living area of the `NEIGHBOURS` sales nearest each place (itself left out),
 * from the sales the valuation already holds. Large homes around are how a better street shows in
 * any market's sales, with no assessor's data: a home among larger ones sells for more than its own
 * size says. Places are miles east and north of one point; `self` is the sale at that place, or -1.
 */
export function neighbourSize(places: readonly (readonly [number, number])[], sizes: readonly number[], x: number, y: number, self: number): number {
  const nearest: number[] = [];
  const sizeOf: number[] = [];
  for (let j = 0; j < places.length; j++) {
    if (j === self) continue;
    const d = (places[j]![0] - x) ** 2 + (places[j]![1] - y) ** 2;
    if (nearest.length === NEIGHBOURS && d >= nearest[NEIGHBOURS - 1]!) continue;
    // Kept sorted by insertion: a handful of neighbours, so cheaper than sorting every sale.
    let at = Math.min(nearest.length, NEIGHBOURS - 1);
    while (at > 0 && nearest[at - 1]! > d) {
      nearest[at] = nearest[at - 1]!;
      sizeOf[at] = sizeOf[at - 1]!;
      at--;
    }
    nearest[at] = d;
    sizeOf[at] = sizes[j]!;
  }
  return sizeOf.length ? Math.log(sizeOf.reduce((s, v) => s + v, 0) / sizeOf.length) : 0;
}
