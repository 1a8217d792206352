import type { Board, BoardCard } from '../api/pipelineApi';

/** Where a card is on the board, if it is shown. */
export function findCard(b: Board, leadId: string): BoardCard | undefined {
  for (const c of b.columns) {
    const card = c.leads.find((l) => l.leadId === leadId);
    if (card) return card;
  }
  return undefined;
}

/**
 * The board after a lead moved from `from` to `to`: the counts of both columns, and the card (if
 * shown, or `card` when given) on top of its new column. A move already shown (the viewer's own,
 * then its push) changes nothing. A stage the board has no column for gets one at the end.
 */
export function moveOnBoard(b: Board, leadId: string, from: string, to: string, card?: BoardCard): Board {
  const shown = findCard(b, leadId);
  if (shown?.stage === to || from === to) return b;
  const moving = shown ?? card;
  const columns = b.columns.some((c) => c.stage === to) ? b.columns : [...b.columns, { stage: to, inPipeline: b.stages.includes(to), count: 0, leads: [] }];
  return {
    ...b,
    columns: columns.map((c) => {
      if (c.stage === from) return { ...c, count: Math.max(0, c.count - 1), leads: c.leads.filter((l) => l.leadId !== leadId) };
      if (c.stage === to)
        return { ...c, count: c.count + 1, leads: moving ? [{ ...moving, stage: to }, ...c.leads.filter((l) => l.leadId !== leadId)] : c.leads };
      return c;
    }),
  };
}

/** More cards of one column (its "Show more"), without any it already shows. */
export function withMore(b: Board, stage: string, more: readonly BoardCard[]): Board {
  return {
    ...b,
    columns: b.columns.map((c) => (c.stage === stage ? { ...c, leads: [...c.leads, ...more.filter((m) => !c.leads.some((l) => l.leadId === m.leadId))] } : c)),
  };
}

/** A card the board did not show, on top of its column (the counts already say it is there). */
export function placeCard(b: Board, card: BoardCard): Board {
  if (findCard(b, card.leadId)) return b;
  return { ...b, columns: b.columns.map((c) => (c.stage === card.stage ? { ...c, leads: [card, ...c.leads] } : c)) };
}
