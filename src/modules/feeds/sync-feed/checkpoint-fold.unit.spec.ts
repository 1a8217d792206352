import { describe, expect, it } from 'vitest';
import { CHECKPOINT_KEYS, CheckpointFold } from './checkpoint-fold';

describe('the replication checkpoint, record by record', () => {
  it('keeps the newest timestamp and the keys imported at it; an older record is out of order and moves nothing', () => {
    const fold = new CheckpointFold({ ModificationTimestamp: '2024-01-01T00:00:00.000Z', keys: ['A'] });
    fold.add('2024-01-01T00:00:00.000Z', 'B');
    expect(fold.snapshot()).toEqual({ ModificationTimestamp: '2024-01-01T00:00:00.000Z', keys: ['A', 'B'] });
    fold.add('2024-01-02T00:00:00.000Z', 'C');
    fold.add(null, 'D');
    expect(fold.snapshot()).toEqual({ ModificationTimestamp: '2024-01-02T00:00:00.000Z', keys: ['C'] });
    expect(fold.ordered).toBe(true);
    fold.add('2023-12-31T00:00:00.000Z', 'E');
    expect(fold.ordered).toBe(false);
    expect(fold.snapshot()).toEqual({ ModificationTimestamp: '2024-01-02T00:00:00.000Z', keys: ['C'] });
    expect(new CheckpointFold(null).snapshot()).toBeNull();
  });

  it('caps the keys kept at one timestamp (a repeat beyond them is re-imported as unchanged)', () => {
    const fold = new CheckpointFold(null);
    for (let i = 0; i < CHECKPOINT_KEYS + 10; i++) fold.add('2024-01-01T00:00:00.000Z', `K${i}`);
    const keys = fold.snapshot()!.keys;
    expect(keys).toHaveLength(CHECKPOINT_KEYS);
    expect(keys.at(-1)).toBe(`K${CHECKPOINT_KEYS + 9}`);
  });
});
