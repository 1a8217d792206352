import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { PALETTES } from '../../../contract/site-styles';
import { decideCreateSite } from '../create-site/create-site.decide';
import { decideChangeSiteSettings } from '../change-site-settings/change-site-settings.decide';
import { evolveSite, initialSite, type Site } from '../site';
import { decideChangeSiteStyles } from './change-site-styles.decide';

const given = fold(
  { initialState: initialSite, evolve: evolveSite },
  decideCreateSite({ siteId: 's1', subdomain: 'x', name: 'X', kind: 'broker', ownerUserId: 'u1' }, initialSite()),
);
const exists = (s: Site) => (s.exists ? s : expect.unreachable('no site'));

describe('ChangeSiteStyles', () => {
  it('given a site, when a curated palette is chosen, then SiteColorPaletteChosen with its colours, which become the site settings', () => {
    const events = decideChangeSiteStyles({ siteId: 's1', part: 'colorpalette', palette: 'navy' }, given);
    expect(events).toEqual([
      { type: 'SiteColorPaletteChosen', data: { siteId: 's1', palette: 'navy', primary: PALETTES.navy.primary, accent: PALETTES.navy.accent } },
    ]);
    const after = exists(events.reduce(evolveSite, given));
    expect([after.settings.PrimaryColor, after.settings.AccentColor, after.styles.palette]).toEqual([PALETTES.navy.primary, PALETTES.navy.accent, 'navy']);
    expect(decideChangeSiteStyles({ siteId: 's1', part: 'colorpalette', palette: 'navy' }, after)).toEqual([]);
  });

  it('given a site, when custom colours fail WCAG AA, then 400 with the ratio, and nothing is recorded', () => {
    expect(() => decideChangeSiteStyles({ siteId: 's1', part: 'colorpalette', palette: 'custom', primary: '#ffee00', accent: '#000000' }, given)).toThrow(
      expect.objectContaining({ code: 'validation', message: expect.stringMatching(/^The primary colour #ffee00 is too light/) }),
    );
  });

  it('given colours changed through the site settings, when the same palette is chosen again, then it is recorded (the colours go back)', () => {
    const navy = decideChangeSiteStyles({ siteId: 's1', part: 'colorpalette', palette: 'navy' }, given).reduce(evolveSite, given);
    const edited = decideChangeSiteSettings({ siteId: 's1', changes: { PrimaryColor: '#123456' } }, navy).reduce(evolveSite, navy);
    expect(decideChangeSiteStyles({ siteId: 's1', part: 'colorpalette', palette: 'navy' }, edited)).toHaveLength(1);
  });

  it('font pack and cover: recorded when they change, refused with the message when wrong', () => {
    expect(decideChangeSiteStyles({ siteId: 's1', part: 'fontpack', pack: 'modern' }, given)).toEqual([]);
    expect(decideChangeSiteStyles({ siteId: 's1', part: 'fontpack', pack: 'classic' }, given)).toEqual([
      { type: 'SiteFontPackChosen', data: { siteId: 's1', pack: 'classic' } },
    ]);
    expect(() => decideChangeSiteStyles({ siteId: 's1', part: 'fontpack', pack: 'comic' }, given)).toThrow(
      /pack must be one of: modern, classic, editorial, humanist/,
    );
    const cover = decideChangeSiteStyles(
      { siteId: 's1', part: 'homecover', imageUrl: '/uploads/a1.png', headline: ' Home, found ', subline: 'Seattle and the Eastside' },
      given,
    );
    expect(cover).toEqual([
      { type: 'SiteHomeCoverChanged', data: { siteId: 's1', imageUrl: '/uploads/a1.png', headline: 'Home, found', subline: 'Seattle and the Eastside' } },
    ]);
    const after = cover.reduce(evolveSite, given);
    expect(exists(after).styles.cover).toEqual({ imageUrl: '/uploads/a1.png', headline: 'Home, found', subline: 'Seattle and the Eastside' });
    expect(
      decideChangeSiteStyles(
        { siteId: 's1', part: 'homecover', imageUrl: '/uploads/a1.png', headline: 'Home, found', subline: 'Seattle and the Eastside' },
        after,
      ),
    ).toEqual([]);
    expect(() => decideChangeSiteStyles({ siteId: 's1', part: 'homecover', imageUrl: 'javascript:alert(1)' }, given)).toThrow(
      /The cover image must be an image uploaded here/,
    );
  });

  it('refuses an unknown site', () => {
    expect(() => decideChangeSiteStyles({ siteId: 's1', part: 'fontpack', pack: 'classic' }, initialSite())).toThrow(/No such site/);
  });
});
