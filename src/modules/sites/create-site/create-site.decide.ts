import type { Decider } from '../../../commands/decider';
import { conflict, validation } from '../../../shared/errors';
import { evolveSite, initialSite, type Site } from '../site';
import { defaultSiteSettings, type SiteCreated, type SiteEvent, type SiteKind, type SiteSettings } from '../sites.events';

export type CreateSite = {
  readonly siteId: string;
  readonly subdomain: string;
  readonly name: string;
  readonly kind: SiteKind;
  readonly ownerUserId: string;
  readonly DomainName?: string | null;
  readonly masterSiteId?: string | null;
  readonly isDefault?: boolean;
  readonly settings?: Partial<SiteSettings>;
};

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function decideCreateSite(command: CreateSite, state: Site): SiteCreated[] {
  if (state.exists) throw conflict('This site already exists');
  if (!SUBDOMAIN.test(command.subdomain)) throw validation('A subdomain is 1 to 63 lower-case letters, digits or dashes');
  if (command.kind === 'brand' && !command.masterSiteId) throw validation('A branded site needs a master site');
  return [
    {
      type: 'SiteCreated',
      data: {
        siteId: command.siteId,
        subdomain: command.subdomain,
        name: command.name.trim(),
        kind: command.kind,
        ownerUserId: command.ownerUserId,
        DomainName: command.DomainName?.toLowerCase() ?? null,
        masterSiteId: command.masterSiteId ?? null,
        isDefault: command.isDefault ?? false,
        settings: { ...defaultSiteSettings, ...command.settings },
      },
    },
  ];
}

export const createSiteDecider: Decider<Site, CreateSite, SiteEvent> = {
  initialState: initialSite,
  evolve: evolveSite,
  decide: decideCreateSite,
};
