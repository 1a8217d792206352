import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { assigned, captured, stageChanged } from '../../../../tests/support/lead-events';
import { refused } from '../../../../tests/support/refused';
import { DEFAULT_PIPELINE } from '../../office/office.events';
import { type LeadEvent } from '../leads.events';
import { changeStageDecider, decideChangeStage } from './change-stage.decide';

const given = (...events: LeadEvent[]) => fold(changeStageDecider, events);
const move = (stage: string, pipeline = DEFAULT_PIPELINE) => ({ stage, pipeline, byUserId: 'A1' });

describe('ChangeStage (given / when / then)', () => {
  it('given a new lead, when the agent moves it to Active, then LeadStageChanged from New by the agent', () => {
    expect(decideChangeStage(move('Active'), given(captured(), assigned('A1')))).toEqual([stageChanged('New', 'Active')]);
  });

  it('given a lead in Active, when moved to "under CONTRACT", then the pipeline’s spelling', () => {
    expect(decideChangeStage(move('under CONTRACT'), given(captured(), assigned('A1'), stageChanged('New', 'Active')))).toEqual([
      stageChanged('Active', 'Under contract'),
    ]);
  });

  it('given a lead in Active, when moved to Active, then nothing', () => {
    expect(decideChangeStage(move('active'), given(captured(), stageChanged('New', 'Active')))).toEqual([]);
  });

  it('when moved to a stage the office does not have, then 400 naming it', () => {
    expect(refused(() => decideChangeStage(move(' Hot '), given(captured())))).toMatchObject({
      code: 'validation',
      message: '"Hot" is not a stage of this office\'s pipeline',
    });
    const custom = { stages: ['Fresh', 'Working'], moves: {} };
    expect(refused(() => decideChangeStage(move('Active', custom), given(captured()))).code).toBe('validation');
    expect(decideChangeStage(move('working', custom), given(captured()))).toEqual([stageChanged('New', 'Working')]);
  });

  it('given no lead, then 404', () => {
    expect(refused(() => decideChangeStage(move('Active'), given())).code).toBe('not_found');
  });
});
