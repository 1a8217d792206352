import { NEW_STAGE } from '../office/stages';
import type { SmartListFilters } from './smart-lists.events';

export type DefaultSmartList = { readonly listId: string; readonly name: string; readonly filters: SmartListFilters };

/**
 * The smart lists everyone has, before their own: not events (nobody saved them), not
 * deletable, and their names are taken.
 */
export const DEFAULT_SMART_LISTS: readonly DefaultSmartList[] = [
  { listId: 'new-not-contacted', name: 'New not contacted', filters: { stage: NEW_STAGE, contacted: 'no' } },
  { listId: 'hot', name: 'Hot', filters: { lastActivity: '7d' } },
  // ── OVERDUE TASKS: wired by the lead once the tasks read model is merged (crmtasks). ──
  // { listId: 'overdue-tasks', name: 'Overdue tasks', filters: { task: 'overdue' } },
  // It needs a `task=overdue` filter: a field in LeadFilterFields (dashboard/lead-filters.ts) and
  // its condition in whereOf (projections/lead-feed/lead-list-filter.ts). SQL may not name the
  // tasks read model's tables from projections/lead-feed (architecture wall), so either lead_feed
  // keeps the lead's earliest open task due time from the task events (`next_task_due_at <
  // now()`), or the tasks read model answers the lead ids and the condition takes them as a
  // parameter. The web sidebar shows whatever GET /api/dashboard/smartlists answers: nothing
  // to change there.
];

export const isDefaultSmartList = (listId: string): boolean => DEFAULT_SMART_LISTS.some((l) => l.listId === listId);
