import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { evolveSite, initialSite } from '../site';
import { type CreateSite, decideCreateSite } from './create-site.decide';

const command: CreateSite = { siteId: 's1', subdomain: 'jane', name: ' Jane Homes ', kind: 'agent', ownerUserId: 'u1' };

describe('CreateSite', () => {
  it('given no site, when created, then SiteCreated with default settings overridden by the command', () => {
    const [event] = decideCreateSite({ ...command, settings: { PromptViews: 5 } }, initialSite());
    expect(event).toMatchObject({
      type: 'SiteCreated',
      data: { siteId: 's1', subdomain: 'jane', name: 'Jane Homes', kind: 'agent', DomainName: null, masterSiteId: null },
    });
    expect(event!.data.settings.PromptViews).toBe(5);
    expect(event!.data.settings.Registration_AllowPartialName).toBe(false);
  });

  it('given the site exists, when created again, then conflict', () => {
    const existing = evolveSite(initialSite(), decideCreateSite(command, initialSite())[0]!);
    expect(() => decideCreateSite(command, existing)).toThrow(AppError);
  });

  it.each(['Jane', 'jane_homes', '-jane', 'a'.repeat(64), ''])('refuses the subdomain %j', (subdomain) => {
    expect(() => decideCreateSite({ ...command, subdomain }, initialSite())).toThrow(/subdomain/);
  });

  it('a branded site needs a master site', () => {
    expect(() => decideCreateSite({ ...command, kind: 'brand' }, initialSite())).toThrow(/master site/);
  });
});
