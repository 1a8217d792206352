import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import { DEFAULT_STAGES, type OfficeEvent, type StageMove } from '../office.events';
import { type OfficeActor, pipelineOf } from '../office';
import { type ChangePipeline, changePipelineDecider, decideChangePipeline, PIPELINE_MESSAGES } from './change-pipeline.decide';

const B = 'B';
const broker: OfficeActor = { role: 'broker', userId: B };
const given = (...events: OfficeEvent[]) => fold(changePipelineDecider, events);
const change = (stages: readonly string[], moves: readonly StageMove[] = [], leadsIn: Record<string, number> = {}, by = broker): ChangePipeline => ({
  officeId: B,
  stages,
  moves,
  leadsIn,
  by,
});
const changed = (stages: readonly string[], stageMoves: readonly StageMove[] = []): OfficeEvent => ({
  type: 'OfficeSettingsChanged',
  data: { officeId: B, changes: { stages }, stageMoves },
});
const without = (name: string, list = DEFAULT_STAGES) => list.filter((s) => s !== name);
const renamed = (from: string, to: string, list = DEFAULT_STAGES) => list.map((s) => (s === from ? to : s));

describe('the office pipeline (given / when / then)', () => {
  it('given the default pipeline, when the broker reorders and adds a stage, then OfficeSettingsChanged with the new stages and no moves', () => {
    const stages = ['New', 'Active', 'Attempted contact', 'Nurture', 'Appointment set', 'Under contract', 'Closed', 'Lost', 'Referred out'];
    expect(decideChangePipeline(change(stages), given())).toEqual([changed(stages)]);
  });

  it('given the default pipeline, when a stage is renamed, then the move from the old name to the new rides along; the office now sends those leads there', () => {
    const stages = renamed('Nurture', 'Long-term');
    const events = decideChangePipeline(change(stages, [{ from: 'Nurture', to: 'Long-term' }], { Nurture: 12 }), given());
    expect(events).toEqual([changed(stages, [{ from: 'Nurture', to: 'Long-term' }])]);
    expect(pipelineOf(given(...events)).moves).toEqual({ Nurture: 'Long-term' });
  });

  it('given a stage renamed twice, then its first name follows to the last (one look-up)', () => {
    const once = renamed('Nurture', 'Long-term');
    const twice = renamed('Long-term', 'Someday', once);
    const office = given(changed(once, [{ from: 'Nurture', to: 'Long-term' }]), changed(twice, [{ from: 'Long-term', to: 'Someday' }]));
    expect(office.stageMoves).toEqual({ Nurture: 'Someday', 'Long-term': 'Someday' });
  });

  it('given a renamed stage, when a new stage takes the old name again, then that name is a live stage (no longer moved)', () => {
    const once = renamed('Nurture', 'Long-term');
    const office = given(changed(once, [{ from: 'Nurture', to: 'Long-term' }]), changed([...once, 'Nurture']));
    expect(office.stageMoves).toEqual({});
  });

  it('given leads in Lost, when Lost is removed without a destination, then 409 with how many; with a destination, then the move', () => {
    const err = refused(() => decideChangePipeline(change(without('Lost'), [], { Lost: 3 }), given()));
    expect(err).toMatchObject({ code: 'conflict', message: '3 leads are in "Lost": choose a stage to move them to before removing it' });
    expect(refused(() => decideChangePipeline(change(without('Lost'), [], { Lost: 1 }), given())).message).toBe(
      '1 lead is in "Lost": choose a stage to move it to before removing it',
    );
    expect(decideChangePipeline(change(without('Lost'), [{ from: 'Lost', to: 'closed' }], { Lost: 3 }), given())).toEqual([
      changed(without('Lost'), [{ from: 'Lost', to: 'Closed' }]),
    ]);
  });

  it('given no leads in Lost, when Lost is removed, then it goes', () => {
    expect(decideChangePipeline(change(without('Lost'), [], { Lost: 0 }), given())).toEqual([changed(without('Lost'))]);
  });

  it('when names are blank, too long, too many, too few or the same without case, then 400 with the rule', () => {
    const office = given();
    expect(refused(() => decideChangePipeline(change(['New', '  ']), office))).toMatchObject({ code: 'validation', message: PIPELINE_MESSAGES.name });
    expect(refused(() => decideChangePipeline(change(['New', 'x'.repeat(41)]), office)).message).toBe(PIPELINE_MESSAGES.name);
    expect(decideChangePipeline(change([...DEFAULT_STAGES, 'x'.repeat(40)]), office)).toHaveLength(1);
    expect(
      refused(() =>
        decideChangePipeline(
          change(
            Array.from({ length: 21 }, (_, i) => `S${i}`),
            [],
            {},
          ),
          office,
        ),
      ).message,
    ).toBe(PIPELINE_MESSAGES.count);
    expect(refused(() => decideChangePipeline(change([]), office)).message).toBe(PIPELINE_MESSAGES.count);
    expect(refused(() => decideChangePipeline(change([...DEFAULT_STAGES, 'active']), office)).message).toBe(
      '"active" is in the pipeline twice (names are compared without case)',
    );
  });

  it('when a move names a stage that is not there, one still kept, twice, or a destination not in the new pipeline, then 400', () => {
    const stages = without('Lost');
    expect(refused(() => decideChangePipeline(change(stages, [{ from: 'Gone', to: 'Closed' }]), given())).message).toBe(
      '"Gone" is not a stage of this pipeline',
    );
    expect(refused(() => decideChangePipeline(change(stages, [{ from: 'Active', to: 'Closed' }]), given())).message).toBe(PIPELINE_MESSAGES.fromKept('Active'));
    expect(refused(() => decideChangePipeline(change(stages, [{ from: 'Lost', to: 'Lost' }]), given())).message).toBe(
      '"Lost" is not a stage of the new pipeline',
    );
    const twice = [
      { from: 'Lost', to: 'Closed' },
      { from: 'Lost', to: 'New' },
    ];
    expect(refused(() => decideChangePipeline(change(stages, twice), given())).message).toBe(PIPELINE_MESSAGES.fromTwice('Lost'));
  });

  it('a one-stage pipeline is allowed; the same pipeline again is nothing', () => {
    expect(decideChangePipeline(change(['Working'], [{ from: 'New', to: 'Working' }], { New: 2 }), given())).toHaveLength(1);
    expect(decideChangePipeline(change(DEFAULT_STAGES), given())).toEqual([]);
  });

  it('when an agent changes the pipeline, then 403; staff may', () => {
    expect(refused(() => decideChangePipeline(change(without('Lost'), [], {}, { role: 'agent', userId: 'A1' }), given()))).toMatchObject({ code: 'forbidden' });
    expect(decideChangePipeline(change(without('Lost'), [], {}, { role: 'staff', userId: 'S' }), given())).toHaveLength(1);
  });
});
