import { z } from 'zod';
import { oneOf } from '../fields';
import { routes } from '../route';

/** The signed-out forms that may ask for an upload token. */
export const UPLOAD_FORMS = ['inquiry'] as const;

const TAG = 'Uploads';
const UPLOAD_QUERY = 'Expected object=uploads and action=uploadfiles';

/** Resumes and photos: uploaded (signed in, or with a signed-out form's token) and served back. */
export const uploadsRoutes = routes('uploads', {
  upload: {
    method: 'POST',
    path: 'api/upload',
    summary:
      'Upload one file (a resume or a photo) in the multipart field `file`, at most UPLOAD_MAX_MB (413 beyond). Signed in, or with an upload token in X-Upload-Token; limited per address and per user',
    tag: TAG,
    // Checked by the route's own guard: a session, or a signed-out form's upload token.
    access: 'anyone',
    query: z.strictObject({ object: oneOf(['uploads'] as const, UPLOAD_QUERY), action: oneOf(['uploadfiles'] as const, UPLOAD_QUERY) }),
    consumes: 'multipart/form-data',
    body: z.strictObject({ file: z.string().meta({ format: 'binary' }) }),
    responses: {
      201: z.strictObject({
        success: z.literal(true),
        data: z.strictObject({ files: z.array(z.strictObject({ FileName: z.string(), FileURL: z.string() })) }),
        error: z.null(),
      }),
    },
  },
  token: {
    method: 'POST',
    path: 'api/upload/token',
    summary: "A signed-out form's permission to upload one file (the inquiry form's resume), good for 30 minutes",
    tag: TAG,
    access: 'anyone',
    body: z.strictObject({ form: z.enum(UPLOAD_FORMS, { error: `form must be one of: ${UPLOAD_FORMS.join(', ')}` }) }),
    responses: { 200: z.strictObject({ token: z.string(), expiresAt: z.string() }) },
  },
  file: {
    method: 'GET',
    path: 'uploads/:filename',
    summary: 'An uploaded file: images inline, anything else as a download, never run by the browser',
    tag: TAG,
    access: 'anyone',
    params: z.strictObject({ filename: z.string() }),
    produces: 'application/octet-stream',
    responses: { 200: z.unknown() },
  },
});
