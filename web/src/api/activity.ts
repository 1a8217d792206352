import { currentSession } from './account';
import { api } from './contract-client';
import { contract } from '../../../src/contract/routes';

export type Activity =
  { readonly type: 'ListingViewed'; readonly pdid: string } | { readonly type: 'SearchRun'; readonly title: string; readonly query: string };

let lead: { at: number; yes: Promise<boolean> } | null = null;

/** Whether a lead (level 5) is signed in, asked at most once a minute. */
function signedInLead(): Promise<boolean> {
  if (!lead || Date.now() - lead.at > 60_000) {
    lead = {
      at: Date.now(),
      yes: currentSession().then(
        (s) => s.signedIn && s.user.securityLevel === 5,
        () => false,
      ),
    };
  }
  return lead.yes;
}

/**
 * Tells the lead's agent what a signed-in lead does on the public site (their timeline):
 * listings viewed and searches run. Fire and forget; nothing is sent for anyone else.
 */
export function reportActivity(a: Activity): void {
  void signedInLead()
    .then((yes) => (yes ? api(contract.leads.activity, { body: a }) : undefined))
    .catch(() => undefined);
}
