import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { decideCreateSite } from '../create-site/create-site.decide';
import { evolveSite, initialSite } from '../site';
import { decideChangeSiteSettings } from './change-site-settings.decide';

const created = decideCreateSite(
  { siteId: 's1', subdomain: 'x', name: 'X', kind: 'agent', ownerUserId: 'u1' },
  initialSite(),
);
const given = fold({ initialState: initialSite, evolve: evolveSite }, created);

describe('ChangeSiteSettings', () => {
  it('records only the settings that change', () => {
    const events = decideChangeSiteSettings({ siteId: 's1', changes: { Registration_AllowPartialName: true, PromptViews: 3 } }, given);
    expect(events).toEqual([{ type: 'SiteSettingsChanged', data: { siteId: 's1', changes: { Registration_AllowPartialName: true } } }]);
    const after = events.reduce(evolveSite, given);
    expect(after.exists && after.settings.Registration_AllowPartialName).toBe(true);
  });

  it('decides nothing when nothing changes', () => {
    expect(decideChangeSiteSettings({ siteId: 's1', changes: { PromptViews: 3 } }, given)).toEqual([]);
  });

  it.each([
    [{ PromptPages: 4 }, /PromptPages must be a whole number from 0 to 3/],
    [{ PromptLevel: 1.5 }, /PromptLevel must be a whole number/],
    [{ SearchRequiresAccept: 'yes' }, /SearchRequiresAccept must be true or false/],
    [{ Nope: true }, /Unknown site setting Nope/],
  ])('refuses %j', (changes, message) => {
    expect(() => decideChangeSiteSettings({ siteId: 's1', changes: changes as never }, given)).toThrow(message);
  });

  it('refuses an unknown site', () => {
    expect(() => decideChangeSiteSettings({ siteId: 's1', changes: {} }, initialSite())).toThrow(/No such site/);
  });
});
