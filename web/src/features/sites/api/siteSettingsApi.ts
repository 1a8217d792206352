import { contract } from '../../../../../src/contract/routes';
import type { SiteSettingsPatch } from '../../../../../src/contract/site-settings';
import { api } from '../../../api/contract-client';

/** Site settings (contract section 9): the sites the viewer runs, one site's settings, a change, the custom domain's check. */
export const siteSettingsApi = {
  sites: () => api(contract.sites.editable),
  get: (siteId: string, signal?: AbortSignal) => api(contract.sites.settings, { params: { siteId } }, { signal }),
  change: (siteId: string, patch: SiteSettingsPatch) => api(contract.sites.changeSettings, { params: { siteId }, body: patch }),
  /** Checks the custom domain's proof now: the settings with domainVerification verified, or failed with the reason. */
  verifyDomain: (siteId: string) => api(contract.sites.verifyDomain, { params: { siteId } }),
};
