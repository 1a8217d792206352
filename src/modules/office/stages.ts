/** The pipeline every office starts with (contract 5a); a broker can rename, reorder and extend it. */
export const DEFAULT_STAGES: readonly string[] = ['New', 'Attempted contact', 'Active', 'Nurture', 'Appointment set', 'Under contract', 'Closed', 'Lost'];
/** Where a new lead starts, and what its first contact moves it from. */
export const NEW_STAGE = 'New';
export const ATTEMPTED_CONTACT_STAGE = 'Attempted contact';

/**
 * An office's pipeline as the write side and the read models fold it: the stages in board order
 * and where the leads of a stage that is gone (renamed, or removed with a destination) belong,
 * collapsed so that one look-up answers (a renamed, then renamed again stage points at its last
 * name). Keys are stage names exactly as leads carry them.
 */
export type Pipeline = { readonly stages: readonly string[]; readonly moves: Readonly<Record<string, string>> };
export const DEFAULT_PIPELINE: Pipeline = { stages: DEFAULT_STAGES, moves: {} };

/** Where the leads of a stage the broker took out of the pipeline go (a rename is a move to the new name). */
export type StageMove = { readonly from: string; readonly to: string };

/** The pipeline's own spelling of a stage name, matched case-insensitively; null when it has none such. */
export function stageIn(stages: readonly string[], name: string): string | null {
  const wanted = name.trim().toLowerCase();
  return stages.find((s) => s.toLowerCase() === wanted) ?? null;
}

/**
 * The stage a lead carrying `stage` belongs in: the stage itself while the pipeline has it;
 * where the broker sent that stage's leads when it was renamed or removed; a new lead ('New')
 * in a pipeline without 'New' starts in the first stage; else null (nowhere: it stays as it is).
 */
export function stageTarget(stage: string, p: Pipeline): string | null {
  if (p.stages.includes(stage)) return stage;
  const moved = p.moves[stage];
  if (moved !== undefined && p.stages.includes(moved)) return moved;
  if (stage === NEW_STAGE) return p.stages[0] ?? null;
  return null;
}

/**
 * The pipeline after a change to `stages` with `moves`: earlier moves follow the new ones
 * (A→B then B→C: A→C), a name back in the pipeline is a live stage again (no longer moved), and
 * a move to a stage that is gone without a destination is dropped.
 */
export function nextPipeline(p: Pipeline, stages: readonly string[], moves: readonly StageMove[]): Pipeline {
  const now = new Map(moves.map((m) => [m.from, m.to] as const));
  const out: Record<string, string> = {};
  for (const [from, to] of Object.entries(p.moves)) out[from] = now.get(to) ?? to;
  for (const [from, to] of now) out[from] = to;
  for (const [from, to] of Object.entries(out)) if (from === to || stages.includes(from) || !stages.includes(to)) delete out[from];
  return { stages, moves: out };
}
