import { z } from 'zod';
import { LINK_RELATIONS } from '../backoffice';
import { routes } from '../route';
import { accountAction, reasonField as reason, UserParams } from './account-action';

const TAG = 'Back-office';
const id = z.string().max(64);
const MergeBody = z.strictObject({ survivorId: id, mergedId: id, reason });

/** Spec family "accounts (merge, link, note)". */
export const accountActionsRoutes = routes('accountActions', {
  note: accountAction(TAG, 'accounts/:userId/notes', 'Add a note to an account', UserParams, z.strictObject({ text: z.string().max(5000), reason })),
  merge: accountAction(
    TAG,
    'accounts/merge',
    "Merge an account into another (the merged account keeps its history; its leads fold into the survivor's)",
    undefined,
    MergeBody,
  ),
  unmerge: accountAction(TAG, 'accounts/unmerge', 'Undo a merge: both accounts are as they were before it', undefined, MergeBody),
  link: accountAction(
    TAG,
    'accounts/link',
    'Link two accounts',
    undefined,
    z.strictObject({ userId: id, otherUserId: id, relation: z.enum(LINK_RELATIONS), reason }),
  ),
  unlink: accountAction(TAG, 'accounts/unlink', 'Unlink two accounts', undefined, z.strictObject({ userId: id, otherUserId: id, reason })),
});
