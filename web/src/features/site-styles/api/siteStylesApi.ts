import { contract } from '../../../../../src/contract/routes';
import type { ColorPalette, FontPackId, HomeCover, PaletteChoice, SiteStylesView } from '../../../../../src/contract/site-styles';
import { api } from '../../../api/contract-client';

/** The /api/castle/styles family: the current site's styles (anyone), and one site's to edit (its broker, staff). */
export const siteStylesApi = {
  current: () => api(contract.sites.styles),
  get: (siteId: string) => api(contract.sites.siteStyles, { params: { siteId } }),
  palette: (siteId: string, body: { palette: PaletteChoice; primary?: string; accent?: string }) =>
    api(contract.sites.choosePalette, { params: { siteId }, body }),
  fontPack: (siteId: string, pack: FontPackId) => api(contract.sites.chooseFontPack, { params: { siteId }, body: { pack } }),
  homeCover: (siteId: string, cover: HomeCover) => api(contract.sites.setHomeCover, { params: { siteId }, body: cover }),
};

export type { ColorPalette, HomeCover, SiteStylesView };
