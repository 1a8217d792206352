/**
 * How the model and the naive value would have done on the sales most like the home being
 * valued, each valued from the others: what the blend of the two, the range and the confidence
 * are set from, so that they follow the market at hand rather than constants fitted to one city.
 */
export interface LocalCheck {
  /** The model's share of the estimate (log scale); the rest is the naive value's. */
  readonly modelShare: number;
  /** Log of sold price over the blended estimate, for each sale checked. */
  readonly residuals: readonly number[];
}

export interface CheckedSale {
  /** Logs of the sale's price and of its two estimates from the other sales (null: none). */
  readonly actual: number;
  readonly model: number | null;
  readonly naive: number | null;
}

const SHARES = Array.from({ length: 11 }, (_, i) => 1 - i / 10);

/**
 * The model's share that values the checked sales best (least mean absolute log error); the
 * model alone when the naive value is unknown.
 */
export function checkOnNeighbours(sales: readonly CheckedSale[]): LocalCheck {
  const both = sales.filter((s) => s.model != null && s.naive != null);
  if (both.length === 0) return { modelShare: 1, residuals: sales.filter((s) => s.model != null).map((s) => s.actual - s.model!) };
  let best = { share: 1, error: Infinity };
  // From the model's end, so that a tie keeps the model (its comps are what the visitor sees).
  for (const share of SHARES) {
    const error = both.reduce((sum, s) => sum + Math.abs(s.actual - blend(s.model!, s.naive!, share)), 0);
    if (error < best.error - 1e-9) best = { share, error };
  }
  return { modelShare: best.share, residuals: both.map((s) => s.actual - blend(s.model!, s.naive!, best.share)) };
}

export function blend(model: number, naive: number, modelShare: number): number {
  return modelShare * model + (1 - modelShare) * naive;
}
