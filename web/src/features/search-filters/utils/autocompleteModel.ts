import type { AutocompleteGroup, AutocompleteItem } from '../../../../../src/contract/search';

/** The dropdown: closed, or open over the groups with exactly one preselected item. */
export type AutocompleteState = {
  readonly open: boolean;
  readonly groups: readonly AutocompleteGroup[];
  readonly active: number;
};

export type AutocompleteAction =
  | { readonly type: 'results'; readonly groups: readonly AutocompleteGroup[] }
  | { readonly type: 'down' }
  | { readonly type: 'up' }
  | { readonly type: 'hover'; readonly index: number }
  | { readonly type: 'close' };

export const closedAutocomplete: AutocompleteState = { open: false, groups: [], active: 0 };

export const flatItems = (groups: readonly AutocompleteGroup[]): AutocompleteItem[] => groups.flatMap((g) => g.items);

export function autocompleteReducer(state: AutocompleteState, action: AutocompleteAction): AutocompleteState {
  const count = flatItems(state.groups).length;
  switch (action.type) {
    case 'results': {
      const groups = action.groups.filter((g) => g.items.length > 0);
      return { open: groups.length > 0, groups, active: 0 };
    }
    case 'down':
      return state.open && count ? { ...state, active: (state.active + 1) % count } : state;
    case 'up':
      return state.open && count ? { ...state, active: (state.active - 1 + count) % count } : state;
    case 'hover':
      return state.open && action.index >= 0 && action.index < count ? { ...state, active: action.index } : state;
    case 'close':
      return state.open ? { ...state, open: false } : state;
    default:
      return assertNever(action);
  }
}

export const activeItem = (s: AutocompleteState): AutocompleteItem | null => (s.open ? (flatItems(s.groups)[s.active] ?? null) : null);

/** Escape (27), Up (38), Down (40) and Enter (13) of spec section 9. */
export function keyAction(key: string): 'close' | 'up' | 'down' | 'pick' | null {
  switch (key) {
    case 'Escape':
      return 'close';
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'Enter':
      return 'pick';
    default:
      return null;
  }
}

function assertNever(v: never): never {
  throw new Error(`Unhandled action ${JSON.stringify(v)}`);
}
