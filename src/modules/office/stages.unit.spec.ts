import { describe, expect, it } from 'vitest';
import { DEFAULT_PIPELINE, nextPipeline, stageIn, stageTarget } from './stages';

describe('where a lead belongs in a pipeline', () => {
  it('a stage of the pipeline is where it is; the name is matched without case', () => {
    expect(stageTarget('Active', DEFAULT_PIPELINE)).toBe('Active');
    expect(stageIn(DEFAULT_PIPELINE.stages, ' attempted CONTACT ')).toBe('Attempted contact');
    expect(stageIn(DEFAULT_PIPELINE.stages, 'Nope')).toBeNull();
  });

  it('a renamed or removed stage sends its leads where the broker said; New without a New stage starts in the first stage; else nowhere', () => {
    const p = nextPipeline(
      DEFAULT_PIPELINE,
      ['Fresh', 'Working', 'Done'],
      [
        { from: 'Active', to: 'Working' },
        { from: 'Closed', to: 'Done' },
      ],
    );
    expect(stageTarget('Active', p)).toBe('Working');
    expect(stageTarget('Closed', p)).toBe('Done');
    expect(stageTarget('New', p)).toBe('Fresh');
    expect(stageTarget('Lost', p)).toBeNull();
  });

  it('moves follow later moves, and a stage removed without destination drops the moves into it', () => {
    const a = nextPipeline(DEFAULT_PIPELINE, ['New', 'B'], [{ from: 'Active', to: 'B' }]);
    expect(nextPipeline(a, ['New', 'C'], [{ from: 'B', to: 'C' }]).moves).toEqual({ Active: 'C', B: 'C' });
    expect(nextPipeline(a, ['New'], []).moves).toEqual({});
  });
});
