import type { Event } from '../shared/event';

/**
 * A context's write model: pure functions only. `decide` turns a command and the current state
 * into new events (or throws an AppError); `evolve` folds one event into the state. Time and
 * identity come in through the command, never from the clock inside these functions.
 */
export type Decider<State, Command, E extends Event> = {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: E) => State;
  readonly decide: (command: Command, state: State) => readonly E[];
};

export const fold = <State, E extends Event>(decider: Pick<Decider<State, unknown, E>, 'initialState' | 'evolve'>, events: readonly E[]): State =>
  events.reduce(decider.evolve, decider.initialState());
