import type { Decider } from '../../../commands/decider';
import { assertNever, notFound, validation } from '../../../shared/errors';
import { checkColorPalette, checkFontPack, checkHomeCover, STYLE_MESSAGES } from '../../../contract/site-styles';
import { evolveSite, initialSite, type Site } from '../site';
import type { SiteEvent } from '../sites.events';

/** One part of the /api/castle/styles family, as the request gave it (the decider checks every value). */
export type ChangeSiteStyles = { readonly siteId: string } & (
  | { readonly part: 'colorpalette'; readonly palette: unknown; readonly primary?: unknown; readonly accent?: unknown }
  | { readonly part: 'fontpack'; readonly pack: unknown }
  | { readonly part: 'homecover'; readonly imageUrl?: unknown; readonly headline?: unknown; readonly subline?: unknown }
);

function refused(message: string): never {
  throw validation(message);
}

/**
 * Records a style only when it changes. A palette whose text would fail WCAG AA contrast is
 * refused with the ratio it reaches; a curated palette brings its own colours.
 */
export function decideChangeSiteStyles(command: ChangeSiteStyles, state: Site): SiteEvent[] {
  if (!state.exists) throw notFound(STYLE_MESSAGES.notYours);
  const { siteId } = command;
  switch (command.part) {
    case 'colorpalette': {
      const checked = checkColorPalette(command);
      if (!checked.ok) return refused(checked.message);
      const { palette, primary, accent } = checked.value;
      const same = state.styles.palette === palette && state.settings.PrimaryColor === primary && state.settings.AccentColor === accent;
      return same ? [] : [{ type: 'SiteColorPaletteChosen', data: { siteId, palette, primary, accent } }];
    }
    case 'fontpack': {
      const checked = checkFontPack(command.pack);
      if (!checked.ok) return refused(checked.message);
      return state.styles.pack === checked.value.pack ? [] : [{ type: 'SiteFontPackChosen', data: { siteId, pack: checked.value.pack } }];
    }
    case 'homecover': {
      const checked = checkHomeCover(command);
      if (!checked.ok) return refused(checked.message);
      const c = checked.value;
      const was = state.styles.cover;
      return was.imageUrl === c.imageUrl && was.headline === c.headline && was.subline === c.subline
        ? []
        : [{ type: 'SiteHomeCoverChanged', data: { siteId, ...c } }];
    }
    default:
      return assertNever(command);
  }
}

export const changeSiteStylesDecider: Decider<Site, ChangeSiteStyles, SiteEvent> = {
  initialState: initialSite,
  evolve: evolveSite,
  decide: decideChangeSiteStyles,
};
