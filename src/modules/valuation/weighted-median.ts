/** The value at which half the weight lies on either side (values need not be sorted). */
export function weightedQuantile(values: readonly number[], weights: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('weightedQuantile of nothing');
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const total = weights.reduce((s, w) => s + w, 0);
  let seen = 0;
  for (const i of order) {
    seen += weights[i]!;
    if (seen >= total * q) return values[i]!;
  }
  return values[order[order.length - 1]!]!;
}

export function weightedMedian(values: readonly number[], weights: readonly number[]): number {
  return weightedQuantile(values, weights, 0.5);
}
