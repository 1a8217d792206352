import { conflict, forbidden, validation } from '../../../shared/errors';
import type { AccountAdmin } from '../account-admin';
import type { BackofficeEvent, LeadFoldPair, LinkRelation } from '../backoffice.events';
import { requireReason, requireText } from '../reason';

/** What the handler read about an account before deciding (from the accounts context). */
export type AccountFacts = { readonly userId: string; readonly securityLevel: number };

export const MERGE_MESSAGES = {
  self: 'An account cannot be merged into itself',
  level: 'Only accounts of the same level can be merged',
  staff: 'Staff accounts cannot be merged',
  alreadyMerged: 'This account is already merged into another one',
  survivorMerged: 'The account to keep is itself merged into another one',
  hasAbsorbed: 'This account has accounts merged into it; unmerge them first',
  notMerged: 'These accounts are not merged',
} as const;

export type AddNote = { readonly userId: string; readonly noteId: string; readonly text: string; readonly reason: string };

export function decideAddNote(c: AddNote): BackofficeEvent[] {
  return [{ type: 'AccountNoteAdded', data: { userId: c.userId, noteId: c.noteId, text: requireText(c.text, 'a note'), reason: requireReason(c.reason) } }];
}

export type MergeAccounts = {
  readonly mergeId: string;
  readonly survivor: AccountFacts;
  readonly merged: AccountFacts;
  readonly reason: string;
  /** The merged account's leads and the survivor's leads they fold into (as the dashboard knew them when asked). */
  readonly leads: readonly LeadFoldPair[];
};

/** Over [survivor, merged]: one AccountsMerged on each stream, with the leads the dashboard folds. */
export function decideMerge(c: MergeAccounts, [survivor, merged]: readonly AccountAdmin[]): BackofficeEvent[][] {
  const reason = requireReason(c.reason);
  if (c.survivor.userId === c.merged.userId) throw validation(MERGE_MESSAGES.self);
  if (c.survivor.securityLevel >= 25 || c.merged.securityLevel >= 25) throw forbidden(MERGE_MESSAGES.staff);
  if (c.survivor.securityLevel !== c.merged.securityLevel) throw validation(MERGE_MESSAGES.level);
  if (merged!.mergedInto) throw conflict(MERGE_MESSAGES.alreadyMerged);
  if (survivor!.mergedInto) throw conflict(MERGE_MESSAGES.survivorMerged);
  if (merged!.absorbed.length > 0) throw conflict(MERGE_MESSAGES.hasAbsorbed);
  const data = { mergeId: c.mergeId, survivorId: c.survivor.userId, mergedId: c.merged.userId, reason, leads: [...c.leads] };
  return [[{ type: 'AccountsMerged', data: { ...data, userId: c.survivor.userId } }], [{ type: 'AccountsMerged', data: { ...data, userId: c.merged.userId } }]];
}

export type UnmergeAccounts = { readonly survivorId: string; readonly mergedId: string; readonly reason: string };

/** Undoes a merge on both streams; both accounts fold back to what they were before it. */
export function decideUnmerge(c: UnmergeAccounts, [survivor, merged]: readonly AccountAdmin[]): BackofficeEvent[][] {
  const reason = requireReason(c.reason);
  const link = merged!.mergedInto;
  if (!link || link.userId !== c.survivorId || !survivor!.absorbed.some((a) => a.mergeId === link.mergeId)) throw conflict(MERGE_MESSAGES.notMerged);
  const data = { mergeId: link.mergeId, survivorId: c.survivorId, mergedId: c.mergedId, reason };
  return [[{ type: 'AccountsUnmerged', data: { ...data, userId: c.survivorId } }], [{ type: 'AccountsUnmerged', data: { ...data, userId: c.mergedId } }]];
}

export type LinkAccounts = { readonly userId: string; readonly otherUserId: string; readonly relation: LinkRelation; readonly reason: string };

export function decideLink(c: LinkAccounts, [a, b]: readonly AccountAdmin[]): BackofficeEvent[][] {
  const reason = requireReason(c.reason);
  if (c.userId === c.otherUserId) throw validation('An account cannot be linked to itself');
  if (a!.links.some((l) => l.userId === c.otherUserId) || b!.links.some((l) => l.userId === c.userId)) throw conflict('These accounts are already linked');
  return [
    [{ type: 'AccountsLinked', data: { userId: c.userId, otherUserId: c.otherUserId, relation: c.relation, reason } }],
    [{ type: 'AccountsLinked', data: { userId: c.otherUserId, otherUserId: c.userId, relation: c.relation, reason } }],
  ];
}

export function decideUnlink(c: Omit<LinkAccounts, 'relation'>, [a]: readonly AccountAdmin[]): BackofficeEvent[][] {
  const reason = requireReason(c.reason);
  if (!a!.links.some((l) => l.userId === c.otherUserId)) throw conflict('These accounts are not linked');
  return [
    [{ type: 'AccountsUnlinked', data: { userId: c.userId, otherUserId: c.otherUserId, reason } }],
    [{ type: 'AccountsUnlinked', data: { userId: c.otherUserId, otherUserId: c.userId, reason } }],
  ];
}
