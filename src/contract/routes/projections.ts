import { z } from 'zod';
import { RebuildViewSchema } from '../backoffice';
import { routes } from '../route';

const TAG = 'Back-office: projections';
const Name = z.strictObject({ name: z.string() });

/** The projections panel (staff): each read model's position, lag, state and version; rebuild and cancel. */
export const projectionsRoutes = routes('projections', {
  list: {
    method: 'GET',
    path: 'api/backoffice/projections',
    summary: 'Every projection: position, lag (events behind the log), state, version and the last rebuild',
    tag: TAG,
    access: 'staff',
    responses: {
      200: z.strictObject({
        projections: z.array(
          z.strictObject({
            name: z.string(),
            version: z.number().nullable(),
            position: z.string().nullable(),
            lag: z.number().nullable(),
            eventsApplied: z.number(),
            updatedAt: z.string().nullable(),
            /** 'elsewhere': another instance holds this projection's lock and runs it. */
            state: z.string(),
            error: z.string().nullable(),
            rebuild: RebuildViewSchema.nullable(),
          }),
        ),
      }),
    },
  },
  rebuild: {
    method: 'POST',
    path: 'api/backoffice/projections/:name/rebuild',
    summary:
      'Start rebuilding a projection in this process; progress is pushed to staff as projection.progress (404: no such projection, 409: already rebuilding)',
    tag: TAG,
    access: 'staff',
    params: Name,
    body: z.strictObject({}),
    responses: { 202: z.strictObject({ isSuccess: z.literal(true), rebuild: RebuildViewSchema }) },
  },
  cancelRebuild: {
    method: 'DELETE',
    path: 'api/backoffice/projections/:name/rebuild',
    summary: 'Cancel a running rebuild (the live tables stay as they were; 404: no rebuild running)',
    tag: TAG,
    access: 'staff',
    params: Name,
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), rebuild: RebuildViewSchema.nullable() }) },
  },
});
