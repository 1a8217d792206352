import { expect } from 'vitest';
import { type Decider, fold } from '../../src/commands/decider';
import type { AppError } from '../../src/shared/errors';
import type { Event } from '../../src/shared/event';
import { refused } from './refused';

type Then<State, E extends Event> = {
  /** The decide appended exactly these events. */
  then(expected: readonly E[]): void;
  /** The decide appended nothing (an idempotent retry, a change to the same value). */
  thenNothing(): void;
  /** The decide refused with an AppError whose code and message match. */
  thenRefused(expected: Partial<Pick<AppError, 'code' | 'message'>>): void;
  /** The state the given events and the decided ones fold to, for checks on evolve. */
  thenState(check: (state: State) => void): void;
};

/**
 * Given / when / then over a context's decider, with no database: the given events fold through
 * `evolve` into the state, the command goes to `decide`, and the answer is checked. A spec reads
 * as the rule it holds:
 *
 *   const spec = deciderSpecification(notesDecider);
 *   spec.given(written('n1', 'A1', 'a')).when(edit('n1', 'B', 'x')).thenRefused({ code: 'forbidden' });
 */
export function deciderSpecification<State, Command, E extends Event>(decider: Decider<State, Command, E>) {
  const given = (...events: readonly E[]) => ({
    when: (command: Command): Then<State, E> => {
      const decide = () => decider.decide(command, fold(decider, events));
      return {
        then: (expected) => expect(decide()).toEqual(expected),
        thenNothing: () => expect(decide()).toEqual([]),
        thenRefused: (expected) => expect(refused(decide)).toMatchObject(expected),
        thenState: (check) => check(fold(decider, [...events, ...decide()])),
      };
    },
  });
  return { given };
}
