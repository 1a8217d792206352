import { Matrix, solve } from 'ml-matrix';
import { weightedMedian } from './weighted-median';

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

/**
 * The weighted ridge fitted again with each sale's weight cut where its residual is far from the
 * others' (Huber's weights, the spread measured by the weighted median absolute residual), so
 * that a distressed sale or a teardown does not set the neighbourhood's prices.
 */
export function robustWeightedRidge(x: readonly number[][], y: readonly number[], w: readonly number[], penalty: number, passes = 2): number[] {
  let beta = weightedRidge(x, y, w, penalty);
  for (let pass = 0; pass < passes; pass++) {
    const fitted = x.map((row) => row.reduce((s, v, j) => s + v * beta[j]!, 0));
    const total = w.reduce((s, v) => s + v, 0);
    const intercept = y.reduce((s, v, i) => s + w[i]! * (v - fitted[i]!), 0) / total;
    const residuals = y.map((v, i) => v - fitted[i]! - intercept);
    const spread = 1.4826 * weightedMedian(residuals.map(Math.abs), w);
    if (!(spread > 0)) break;
    const robust = w.map((v, i) => v * Math.min(1, (HUBER_K * spread) / Math.max(Math.abs(residuals[i]!), 1e-12)));
    beta = weightedRidge(x, y, robust, penalty);
  }
  return beta;
}

/** Huber's tuning constant: 95 % efficient when residuals are normal. */
const HUBER_K = 1.345;
