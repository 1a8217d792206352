import { z } from 'zod';
import { routes } from '../route';

const TAG = 'Docs';
// In production these are for signed-in staff (401 signed out, 403 otherwise) unless PUBLIC_API_DOCS=1; the handler decides.
const ACCESS = 'anyone';

/** The API's documentation: this document as JSON, and a browsable page with its static files. */
export const docsRoutes = routes('docs', {
  openapi: {
    method: 'GET',
    path: 'api/openapi.json',
    summary: 'This document (production: signed-in staff only, unless PUBLIC_API_DOCS=1)',
    tag: TAG,
    access: ACCESS,
    responses: { 200: z.record(z.string(), z.unknown()) },
  },
  page: {
    method: 'GET',
    path: 'api/docs',
    summary: 'Browsable API documentation (production: signed-in staff only, unless PUBLIC_API_DOCS=1)',
    tag: TAG,
    access: ACCESS,
    produces: 'text/html',
    responses: { 200: z.string() },
  },
  asset: {
    method: 'GET',
    path: 'api/docs/assets/:file',
    summary: "The documentation page's static files (its styles, scripts and icon)",
    tag: TAG,
    access: ACCESS,
    params: z.strictObject({ file: z.string() }),
    produces: 'application/octet-stream',
    responses: { 200: z.unknown() },
  },
});
