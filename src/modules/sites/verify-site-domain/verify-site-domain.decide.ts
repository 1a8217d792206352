import type { Decider } from '../../../commands/decider';
import { conflict, notFound, validation } from '../../../shared/errors';
import { SITE_MESSAGES } from '../../../contract/site-settings';
import { evolveSite, initialSite, type Site } from '../site';
import type { DomainProof, SiteEvent } from '../sites.events';

/** What the server found on the domain: the proof, or why there is none. */
export type DomainCheckOutcome = { readonly ok: true; readonly proof: DomainProof } | { readonly ok: false; readonly reason: string };

export type VerifySiteDomain = {
  readonly siteId: string;
  /** The domain that was checked (the site's DomainName when the check began). */
  readonly DomainName: string;
  readonly outcome: DomainCheckOutcome;
  /** Fact from the sites read model: the site that answers on this domain already (www. counted), if any. */
  readonly domainOwner: string | null;
};

/**
 * Records the check of the site's custom domain: verified (the site answers on it from now on)
 * or failed with the reason. A check of a domain the site no longer has, or one another site
 * answers on meanwhile, is refused; an already verified domain stays so (nothing recorded).
 */
export function decideVerifySiteDomain(command: VerifySiteDomain, state: Site): SiteEvent[] {
  if (!state.exists) throw notFound(SITE_MESSAGES.notYours);
  if (!state.DomainName) throw validation(SITE_MESSAGES.noDomain);
  if (state.DomainName !== command.DomainName) throw conflict(SITE_MESSAGES.domainChanged);
  if (state.domainStatus === 'verified') return [];
  if (command.domainOwner && command.domainOwner !== command.siteId) throw conflict(SITE_MESSAGES.domainTaken);
  const { siteId, DomainName, outcome } = command;
  return outcome.ok
    ? [{ type: 'SiteDomainVerified', data: { siteId, DomainName, proof: outcome.proof } }]
    : [{ type: 'SiteDomainVerificationFailed', data: { siteId, DomainName, reason: outcome.reason } }];
}

export const verifySiteDomainDecider: Decider<Site, VerifySiteDomain, SiteEvent> = {
  initialState: initialSite,
  evolve: evolveSite,
  decide: decideVerifySiteDomain,
};
