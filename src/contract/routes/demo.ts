import { z } from 'zod';
import { routes } from '../route';

/** The demo listings' photos, served from our own origin. */
export const demoRoutes = routes('demo', {
  photo: {
    method: 'GET',
    path: 'demo-photos/:file',
    summary: "A demo listing's photo (`<n>.svg`) or the broken-photo placeholder (`placeholder.svg`)",
    tag: 'Demo',
    access: 'anyone',
    params: z.strictObject({ file: z.string() }),
    produces: 'image/svg+xml',
    responses: { 200: z.string() },
  },
});
