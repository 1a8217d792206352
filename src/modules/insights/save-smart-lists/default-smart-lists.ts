import { NEW_STAGE } from '../../office';
import type { SmartListFilters } from '../smart-lists.events';

/**
 * The score from which a lead active in the last 7 days is hot: a showing request (20 points) or
 * a few replies, favourites and visits. A lead that only filled in a form (8) is new, not hot.
 */
export const HOT_SCORE = 20;

export type DefaultSmartList = { readonly listId: string; readonly name: string; readonly filters: SmartListFilters };

/**
 * The smart lists everyone has, before their own: not events (nobody saved them), not
 * deletable, and their names are taken.
 */
export const DEFAULT_SMART_LISTS: readonly DefaultSmartList[] = [
  { listId: 'new-not-contacted', name: 'New not contacted', filters: { stage: NEW_STAGE, contacted: 'no' } },
  { listId: 'hot', name: 'Hot', filters: { lastActivity: '7d', scoreMin: String(HOT_SCORE) } },
  { listId: 'overdue-tasks', name: 'Overdue tasks', filters: { task: 'overdue' } },
];

export const isDefaultSmartList = (listId: string): boolean => DEFAULT_SMART_LISTS.some((l) => l.listId === listId);
