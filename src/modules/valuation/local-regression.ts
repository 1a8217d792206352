import { Matrix, solve } from 'ml-matrix';

/**
 * Weighted ridge regression: the coefficients that best explain `y` from the rows of `x` when
 * each row counts by its weight. Columns are scaled to unit weighted spread first so that one
 * penalty suits every feature and every market; the intercept is not penalised. Answers the
 * coefficients on the original scale (intercept excluded).
 */
export function weightedRidge(x: readonly number[][], y: readonly number[], w: readonly number[], penalty: number): number[] {
  const p = x[0]?.length ?? 0;
  const total = w.reduce((s, v) => s + v, 0);
  const mean = Array.from({ length: p }, () => 0);
  for (let i = 0; i < x.length; i++) for (let j = 0; j < p; j++) mean[j]! += (w[i]! * x[i]![j]!) / total;
  const spread = Array.from({ length: p }, () => 0);
  for (let i = 0; i < x.length; i++) for (let j = 0; j < p; j++) spread[j]! += (w[i]! * (x[i]![j]! - mean[j]!) ** 2) / total;
  const scale = spread.map((s) => (s > 1e-12 ? Math.sqrt(s) : 0));
  const yMean = y.reduce((s, v, i) => s + w[i]! * v, 0) / total;

  // Centred by weighted means, the intercept drops out of the normal equations.
  const xtx = Matrix.zeros(p, p);
  const xty = Matrix.zeros(p, 1);
  for (let i = 0; i < x.length; i++) {
    const z = x[i]!.map((v, j) => (scale[j] ? (v - mean[j]!) / scale[j]! : 0));
    const yc = y[i]! - yMean;
    for (let a = 0; a < p; a++) {
      xty.set(a, 0, xty.get(a, 0) + w[i]! * z[a]! * yc);
      for (let b = 0; b < p; b++) xtx.set(a, b, xtx.get(a, b) + w[i]! * z[a]! * z[b]!);
    }
  }
  for (let a = 0; a < p; a++) xtx.set(a, a, xtx.get(a, a) + penalty * total);
  const beta = solve(xtx, xty);
  return scale.map((s, j) => (s ? beta.get(j, 0) / s : 0));
}
