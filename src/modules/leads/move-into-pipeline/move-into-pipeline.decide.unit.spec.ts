import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { assigned, captured, stageChanged } from '../../../../tests/support/lead-events';
import { DEFAULT_PIPELINE, DEFAULT_STAGES, nextPipeline } from '../../office/office.events';
import { type LeadEvent } from '../leads.events';
import { decideMoveIntoPipeline, moveIntoPipelineDecider } from './move-into-pipeline.decide';

const given = (...events: LeadEvent[]) => fold(moveIntoPipelineDecider, events);
const renamedNurture = nextPipeline(
  DEFAULT_PIPELINE,
  DEFAULT_STAGES.map((s) => (s === 'Nurture' ? 'Long-term' : s)),
  [{ from: 'Nurture', to: 'Long-term' }],
);

describe('moving leads into their office’s pipeline (given / when / then)', () => {
  it('given a lead in Nurture, when the office renamed Nurture to Long-term, then LeadStageChanged to Long-term by the system', () => {
    expect(decideMoveIntoPipeline({ pipeline: renamedNurture }, given(captured(), assigned('A1'), stageChanged('New', 'Nurture')))).toEqual([
      stageChanged('Nurture', 'Long-term', null),
    ]);
  });

  it('given a lead already moved (or moved elsewhere by its agent), then nothing: a repeat or a late run changes nothing', () => {
    expect(
      decideMoveIntoPipeline({ pipeline: renamedNurture }, given(captured(), stageChanged('New', 'Nurture'), stageChanged('Nurture', 'Long-term', null))),
    ).toEqual([]);
    expect(decideMoveIntoPipeline({ pipeline: renamedNurture }, given(captured(), stageChanged('New', 'Active')))).toEqual([]);
  });

  it("given a new lead, when the office's pipeline has no New, then it goes to the first stage", () => {
    const p = nextPipeline(DEFAULT_PIPELINE, ['Fresh', 'Done'], []);
    expect(decideMoveIntoPipeline({ pipeline: p }, given(captured(), assigned('A1')))).toEqual([stageChanged('New', 'Fresh', null)]);
  });

  it('given a lead in a stage removed with nowhere to go, then it stays', () => {
    const p = nextPipeline(
      DEFAULT_PIPELINE,
      DEFAULT_STAGES.filter((s) => s !== 'Lost'),
      [],
    );
    expect(decideMoveIntoPipeline({ pipeline: p }, given(captured(), stageChanged('New', 'Lost')))).toEqual([]);
    expect(decideMoveIntoPipeline({ pipeline: p }, given())).toEqual([]);
  });
});
