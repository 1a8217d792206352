import type { CmaComp, HomeValueRequested } from '../valuation.events';
import { weightedMedian } from '../weighted-median';

/** What the lead is shown of a comp: its adjusted price with the agent's adjustment. */
export const cmaPrice = (c: CmaComp): number => c.adjustedPrice + c.adjustment;

/**
 * The CMA's estimate: the weighted median of the kept comps' prices, adjusted by the valuation
 * and then by the agent, weighted as the valuation weighed them (the instant value's own median).
 * Null when every comp is dropped.
 */
export function cmaEstimate(comps: readonly CmaComp[]): number | null {
  const kept = comps.filter((c) => c.included);
  if (kept.length === 0) return null;
  return Math.round(
    weightedMedian(
      kept.map(cmaPrice),
      kept.map((c) => c.weight),
    ),
  );
}

/** The CMA before any edit: the valuation's comps, all kept, none adjusted. */
export function compsOfValuation(v: HomeValueRequested['data']): CmaComp[] {
  return v.comps.map(({ latitude: _lat, longitude: _lng, ...c }) => ({ ...c, included: true, adjustment: 0, note: '', added: false }));
}

/** A sale the agent adds weighs as a typical comp of the valuation: the agent chose it, the model did not rank it. */
export function addedWeight(base: readonly CmaComp[]): number {
  const weights = base.filter((c) => !c.added).map((c) => c.weight);
  return weights.length
    ? weightedMedian(
        weights,
        weights.map(() => 1),
      )
    : 1;
}

export type CompEdit = { readonly pdid: string; readonly included: boolean; readonly adjustment: number; readonly note: string };

/**
 * The comps after the agent's edits: each comp the edits name takes its kept/dropped, adjustment
 * and note; a comp they do not name stays as it was; `added` (sales found for pdids the CMA did
 * not have) join at the end, in the edits' order.
 */
export function applyEdits(base: readonly CmaComp[], edits: readonly CompEdit[], added: readonly CmaComp[]): CmaComp[] {
  const byPdid = new Map(edits.map((e) => [e.pdid, e]));
  const edit = (c: CmaComp): CmaComp => {
    const e = byPdid.get(c.pdid);
    return e ? { ...c, included: e.included, adjustment: Math.round(e.adjustment), note: e.note.trim() } : c;
  };
  const known = new Set(base.map((c) => c.pdid));
  return [...base.map(edit), ...added.filter((a) => !known.has(a.pdid)).map(edit)];
}
