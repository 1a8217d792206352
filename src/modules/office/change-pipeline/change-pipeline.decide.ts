import type { Decider } from '../../../commands/decider';
import { conflict, forbidden, validation } from '../../../shared/errors';
import type { OfficeEvent, OfficeSettings, StageMove } from '../office.events';
import { decideOffice, evolveOffice, initialOffice, type Office, type OfficeActor, OFFICE_MESSAGES } from '../office';
import { stageIn } from '../stages';

export const PIPELINE_LIMITS = { minStages: 1, maxStages: 20, maxName: 40 } as const;

export const PIPELINE_MESSAGES = {
  name: `A stage name is 1 to ${PIPELINE_LIMITS.maxName} characters`,
  count: `A pipeline has ${PIPELINE_LIMITS.minStages} to ${PIPELINE_LIMITS.maxStages} stages`,
  twice: (name: string) => `"${name}" is in the pipeline twice (names are compared without case)`,
  fromUnknown: (name: string) => `"${name}" is not a stage of this pipeline`,
  fromKept: (name: string) => `"${name}" is still in the pipeline: only a stage taken out moves its leads`,
  fromTwice: (name: string) => `The leads of "${name}" can go to one stage only`,
  toUnknown: (name: string) => `"${name}" is not a stage of the new pipeline`,
  hasLeads: (name: string, n: number) =>
    `${n} ${n === 1 ? 'lead is' : 'leads are'} in "${name}": choose a stage to move ${n === 1 ? 'it' : 'them'} to before removing it`,
} as const;

/**
 * A broker's (or staff's) new pipeline: the stages in board order, and where the leads of each
 * stage taken out go (`moves`; a rename is a move from the old name to the new). `leadsIn` is how
 * many of the office's leads each current stage holds, as the handler read it: a stage with
 * leads may go only with a destination for them.
 */
export type ChangePipeline = {
  readonly officeId: string;
  readonly stages: readonly string[];
  readonly moves: readonly StageMove[];
  readonly leadsIn: Readonly<Record<string, number>>;
  readonly by: OfficeActor;
};

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

export function decideChangePipeline(c: ChangePipeline, office: Office): OfficeEvent[] {
  if (c.by.role === 'agent') throw forbidden(OFFICE_MESSAGES.settings);
  const stages = c.stages.map((s) => s.trim());
  if (stages.some((s) => s.length < 1 || s.length > PIPELINE_LIMITS.maxName)) throw validation(PIPELINE_MESSAGES.name);
  if (stages.length < PIPELINE_LIMITS.minStages || stages.length > PIPELINE_LIMITS.maxStages) throw validation(PIPELINE_MESSAGES.count);
  const seen = new Set<string>();
  for (const s of stages) {
    if (seen.has(s.toLowerCase())) throw validation(PIPELINE_MESSAGES.twice(s));
    seen.add(s.toLowerCase());
  }
  const current = office.settings.stages;
  const moves: StageMove[] = [];
  for (const m of c.moves) {
    const from = m.from.trim();
    if (!current.includes(from)) throw validation(PIPELINE_MESSAGES.fromUnknown(from));
    if (stages.includes(from)) throw validation(PIPELINE_MESSAGES.fromKept(from));
    if (moves.some((x) => x.from === from)) throw validation(PIPELINE_MESSAGES.fromTwice(from));
    const to = stageIn(stages, m.to);
    if (to === null) throw validation(PIPELINE_MESSAGES.toUnknown(m.to.trim()));
    moves.push({ from, to });
  }
  for (const gone of current.filter((s) => !stages.includes(s))) {
    const n = c.leadsIn[gone] ?? 0;
    if (n > 0 && !moves.some((m) => m.from === gone)) throw conflict(PIPELINE_MESSAGES.hasLeads(gone, n));
  }
  if (same(stages, current)) return [];
  return [{ type: 'OfficeSettingsChanged', data: { officeId: c.officeId, changes: { stages }, stageMoves: moves } }];
}

export const changePipelineDecider: Decider<Office, ChangePipeline, OfficeEvent> = {
  initialState: initialOffice,
  evolve: evolveOffice,
  decide: decideChangePipeline,
};

/** POST /api/dashboard/office/settings: the plain settings and, when sent, the pipeline, decided together (one append). */
export type ChangeOfficeSettings = {
  readonly officeId: string;
  readonly changes: Partial<Omit<OfficeSettings, 'stages'>>;
  readonly pipeline: Omit<ChangePipeline, 'officeId' | 'by'> | undefined;
  readonly by: OfficeActor;
};

export function decideOfficeSettings(c: ChangeOfficeSettings, office: Office): OfficeEvent[] {
  const plain = decideOffice({ kind: 'change-settings', officeId: c.officeId, changes: c.changes, by: c.by }, office);
  if (!c.pipeline) return plain;
  return [...plain, ...decideChangePipeline({ ...c.pipeline, officeId: c.officeId, by: c.by }, plain.reduce(evolveOffice, office))];
}

export const officeSettingsDecider: Decider<Office, ChangeOfficeSettings, OfficeEvent> = {
  initialState: initialOffice,
  evolve: evolveOffice,
  decide: decideOfficeSettings,
};
