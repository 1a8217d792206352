import { z } from 'zod';
import { QUIT_REASONS } from '../backoffice';
import { routes } from '../route';
import { accountAction, ReasonBody, reasonField as reason, UserParams } from './account-action';

const action = (path: string, summary: string) => accountAction('Back-office: churn', `churn/:userId/${path}`, summary, UserParams, ReasonBody);

/** Spec family "churn (offboarding, quit request and reason, platform lock, pause marketing, restore domain)". */
export const churnRoutes = routes('churn', {
  offboarding: action('offboarding', 'Start offboarding an account: it can no longer sign in, and its sessions end at once'),
  quitRequest: accountAction(
    'Back-office: churn',
    'churn/:userId/quitrequest',
    'Record a quit request and its reason',
    UserParams,
    z.strictObject({ quitReason: z.enum(QUIT_REASONS), reason }),
  ),
  lock: action('platformlock', 'Lock the platform for an account: it cannot sign in (password, Google, Facebook, links, become) and its sessions end at once'),
  unlock: action('platformunlock', 'Unlock the platform for an account: it can sign in again (unless offboarded)'),
  pauseMarketing: accountAction(
    'Back-office: churn',
    'churn/:userId/pausemarketing',
    'Pause marketing to an account, optionally until a date',
    UserParams,
    z.strictObject({ until: z.iso.date().nullable().optional(), reason }),
  ),
  resumeMarketing: action('resumemarketing', 'Resume marketing to an account'),
  restoreDomain: accountAction(
    'Back-office: churn',
    'churn/:userId/restoredomain',
    "Restore an account's domain",
    UserParams,
    z.strictObject({ domain: z.string().max(253), reason }),
  ),
});
