import type { Decider } from '../../../commands/decider';
import { assertNever } from '../../../shared/errors';
import type { OfficeEvent } from '../routing/routing.events';

/** A broker's office as its stream says: who is out of the rotation, and listing agents. */
export type Office = { readonly inactive: ReadonlySet<string>; readonly listingAgents: ReadonlyMap<string, string> };

export const initialOffice = (): Office => ({ inactive: new Set(), listingAgents: new Map() });

export function evolveOffice(state: Office, e: OfficeEvent): Office {
  switch (e.type) {
    case 'AgentDeactivated':
      return { ...state, inactive: new Set([...state.inactive, e.data.agentId]) };
    case 'AgentActivated':
      return { ...state, inactive: new Set([...state.inactive].filter((id) => id !== e.data.agentId)) };
    case 'ListingAgentLinked': {
      const listingAgents = new Map(state.listingAgents);
      if (e.data.agentId === null) listingAgents.delete(e.data.pdid);
      else listingAgents.set(e.data.pdid, e.data.agentId);
      return { ...state, listingAgents };
    }
    default:
      return assertNever(e);
  }
}

/** Both commands are checked by the caller: the agent is one of the broker's (read from the agent's account). */
export type OfficeCommand =
  | { readonly kind: 'set-active'; readonly brokerId: string; readonly agentId: string; readonly active: boolean }
  | { readonly kind: 'link-listing'; readonly brokerId: string; readonly pdid: string; readonly agentId: string | null };

/** Only changes become events: deactivating an inactive agent, or linking the same agent again, appends nothing. */
export function decideOffice(c: OfficeCommand, state: Office): OfficeEvent[] {
  switch (c.kind) {
    case 'set-active': {
      const isActive = !state.inactive.has(c.agentId);
      if (isActive === c.active) return [];
      return [{ type: c.active ? 'AgentActivated' : 'AgentDeactivated', data: { brokerId: c.brokerId, agentId: c.agentId } }];
    }
    case 'link-listing':
      if ((state.listingAgents.get(c.pdid) ?? null) === c.agentId) return [];
      return [{ type: 'ListingAgentLinked', data: { brokerId: c.brokerId, pdid: c.pdid, agentId: c.agentId } }];
    default:
      return assertNever(c);
  }
}

export const officeDecider: Decider<Office, OfficeCommand, OfficeEvent> = { initialState: initialOffice, evolve: evolveOffice, decide: decideOffice };
