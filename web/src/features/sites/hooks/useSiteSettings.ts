import { useQuery } from '@tanstack/react-query';
import { siteSettingsApi } from '../api/siteSettingsApi';

/**
 * One site's settings, read by its id: a read for the site chosen before is cancelled, and
 * should its answer arrive anyway it is kept under that site's id, never shown for this one.
 * Nothing is kept once the panel leaves a site: coming back reads it afresh.
 */
export function useSiteSettings(siteId: string | null) {
  return useQuery({
    queryKey: ['dashboard', 'site-settings', siteId ?? ''],
    queryFn: ({ signal }) => siteSettingsApi.get(siteId!, signal),
    enabled: siteId !== null,
    gcTime: 0,
  });
}
