import { z } from 'zod';
import { Done, oneOf } from '../fields';
import { GUIDE_BODY_MAX, GUIDE_PHOTOS_MAX, GUIDE_TITLE_MAX, GuideLinkSchema, GuideViewSchema, PublicGuideSchema } from '../guides';
import { routes } from '../route';

const TAG = 'guides';
const UPLOADED_PHOTO = /^\/uploads\/[A-Za-z0-9_-]{1,80}\.(jpg|png|gif|webp)$/;
const AREA_KIND = z.enum(['city', 'county', 'zip'], { error: 'area.kind must be city, county or zip' });
const nonEmpty = (message: string, max: number) =>
  z
    .string()
    .trim()
    .refine((t) => t.length > 0, message)
    .pipe(z.string().max(max));

const GuideBody = z.strictObject({
  title: nonEmpty('Please give the guide a title', GUIDE_TITLE_MAX),
  area: z.strictObject({ kind: AREA_KIND, label: nonEmpty('Please name the area', 100) }),
  body: z.string().max(GUIDE_BODY_MAX),
  photos: z
    .array(z.string().refine((p) => UPLOADED_PHOTO.test(p), 'photos must be images uploaded here (/uploads/…)'))
    .max(GUIDE_PHOTOS_MAX, `At most ${GUIDE_PHOTOS_MAX} photos`)
    .default([]),
  officeId: z.uuid({ error: 'officeId must be a broker id' }).optional(),
});
const GuideParams = z.strictObject({ id: z.string() });

/**
 * Area guides (the public page and its area's links: anyone, on the sites of the office that
 * wrote it; the rest brokers and staff). Someone else's guide is not found.
 */
export const guidesRoutes = routes('guides', {
  list: {
    method: 'GET',
    path: 'api/guide',
    summary: "The office's area guides, the latest changed first (staff: every office's; agents and leads 403)",
    tag: TAG,
    access: 'brokers, staff',
    responses: { 200: z.strictObject({ guides: z.array(GuideViewSchema) }) },
  },
  one: {
    method: 'GET',
    path: 'api/guide/:id',
    summary:
      "An area guide as the site's visitors see it: title, text (plain paragraphs), photos and the area's market numbers from its listings (404: no such guide, or another office's)",
    tag: TAG,
    access: 'anyone',
    params: GuideParams,
    responses: { 200: PublicGuideSchema },
  },
  ofArea: {
    method: 'GET',
    path: 'api/area-guides',
    summary: 'The guides of one place written by the office of the site asked (its area page links them), the latest changed first',
    tag: TAG,
    access: 'anyone',
    query: z.strictObject({
      kind: oneOf(['city', 'county', 'zip'] as const, 'kind must be city, county or zip'),
      label: z.string({ error: 'label is required' }).max(100),
    }),
    responses: { 200: z.strictObject({ guides: z.array(GuideLinkSchema) }) },
  },
  create: {
    method: 'POST',
    path: 'api/guide',
    summary: 'Write a new area guide for the office (staff name officeId; 400 when the area has no listings)',
    tag: TAG,
    access: 'brokers; staff naming officeId',
    body: GuideBody,
    responses: { 201: GuideViewSchema },
  },
  edit: {
    method: 'PUT',
    path: 'api/guide/:id',
    summary: "Change an area guide (its office's broker, or staff)",
    tag: TAG,
    access: 'brokers (their office), staff',
    params: GuideParams,
    body: GuideBody,
    responses: { 200: GuideViewSchema },
  },
  archive: {
    method: 'DELETE',
    path: 'api/guide/:id',
    summary: "Take an area guide down (its office's broker, or staff): its page answers 404 and it leaves the sitemap and the area's page",
    tag: TAG,
    access: 'brokers (their office), staff',
    params: GuideParams,
    responses: { 200: Done },
  },
});

export type GuideInput = z.input<typeof GuideBody>;
