import { request } from '../../../api/http';
import type { EditableSite, SiteSettingsPatch, SiteSettingsView } from '../../../../../src/contract/site-settings';

/** Site settings (contract section 9): the sites the viewer runs, one site's settings, a change, the custom domain's check. */
export const siteSettingsApi = {
  sites: () => request<{ sites: EditableSite[] }>('GET', '/api/dashboard/sites/editable'),
  get: (siteId: string) => request<SiteSettingsView>('GET', `/api/dashboard/sites/${encodeURIComponent(siteId)}/settings`),
  change: (siteId: string, patch: SiteSettingsPatch) => request<SiteSettingsView>('PATCH', `/api/dashboard/sites/${encodeURIComponent(siteId)}/settings`, patch),
  /** Checks the custom domain's proof now: the settings with domainVerification verified, or failed with the reason. */
  verifyDomain: (siteId: string) => request<SiteSettingsView>('POST', `/api/dashboard/sites/${encodeURIComponent(siteId)}/domain/verify`),
};
