import type { Decider } from '../../../commands/decider';
import type { AutomatedTextHeld, ComplianceEvent } from '../compliance.events';

/** The automated texts already said to be held on the lead's compliance stream. */
export type HeldTexts = { readonly held: ReadonlySet<string> };

/** A text is said to be held once: a plan step done again (a crash, another instance) adds no second line. */
export function decideTextHeld(c: AutomatedTextHeld['data'], s: HeldTexts): AutomatedTextHeld[] {
  return s.held.has(c.messageId) ? [] : [{ type: 'AutomatedTextHeld', data: c }];
}

export const textHeldDecider: Decider<HeldTexts, AutomatedTextHeld['data'], ComplianceEvent> = {
  initialState: () => ({ held: new Set() }),
  evolve: (s, e) => (e.type === 'AutomatedTextHeld' ? { held: new Set(s.held).add(e.data.messageId) } : s),
  decide: decideTextHeld,
};
