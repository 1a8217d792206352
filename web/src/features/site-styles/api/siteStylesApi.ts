import { request } from '../../../api/http';
import type { ColorPalette, FontPackId, HomeCover, PaletteChoice, SiteStylesView } from '../../../../../src/contract/site-styles';

const of = (siteId: string, part = '') => `/api/castle/styles/${encodeURIComponent(siteId)}${part ? `/${part}` : ''}`;

/** The /api/castle/styles family: the current site's styles (anyone), and one site's to edit (its broker, staff). */
export const siteStylesApi = {
  current: () => request<SiteStylesView>('GET', '/api/castle/styles'),
  get: (siteId: string) => request<SiteStylesView>('GET', of(siteId)),
  palette: (siteId: string, body: { palette: PaletteChoice; primary?: string; accent?: string }) => request<SiteStylesView>('PUT', of(siteId, 'colorpalette'), body),
  fontPack: (siteId: string, pack: FontPackId) => request<SiteStylesView>('PUT', of(siteId, 'fontpack'), { pack }),
  homeCover: (siteId: string, cover: HomeCover) => request<SiteStylesView>('PUT', of(siteId, 'homecover'), cover),
};

export type { ColorPalette, HomeCover, SiteStylesView };
