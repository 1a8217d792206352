import { routes } from '../route';
import { PublicConfigSchema } from '../site';

/** Server settings the web app needs at start. */
export const configRoutes = routes('config', {
  public: {
    method: 'GET',
    path: 'api/config/public',
    summary:
      'Server settings the web app needs: mapStyleUrl (null: the offline basemap), googleClientId (null: no Google sign-in), facebookAppId (null: no Facebook sign-in)',
    tag: 'site',
    access: 'anyone',
    responses: { 200: PublicConfigSchema },
  },
});
