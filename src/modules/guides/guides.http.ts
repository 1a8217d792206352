import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { guideById, guidesOf } from '../../../projections/guides';
import { DB_POOL } from '../../runtime/tokens';
import { GUIDE_BODY_MAX, GUIDE_PHOTOS_MAX, GUIDE_TITLE_MAX, type GuideView, guidePath, type PublicGuide } from '../../contract/guides';
import { EventStore } from '../../eventstore/event-store.port';
import { ApiDoc } from '../../http/openapi/api-doc.decorator';
import { parseBody } from '../../http/parse-body';
import { forbidden, notFound, validation } from '../../shared/errors';
import { newId } from '../../shared/ids';
import { LEVEL, requireAuth } from '../accounts';
import { commandContextOf } from '../../commands/request-context';
import { PublicPages } from '../public-pages';
import { GuideCommand } from './guide.command';
import { areaSlug, GuidePages } from './guide-pages';
import { guideStream } from './guides.events';

const UPLOADED_PHOTO = /^\/uploads\/[A-Za-z0-9_-]{1,80}\.(jpg|png|gif|webp)$/;

const GuideBody = z.strictObject({
  title: z.string().trim().refine((t) => t.length > 0, 'Please give the guide a title').pipe(z.string().max(GUIDE_TITLE_MAX)),
  area: z.strictObject({ kind: z.enum(['city', 'county', 'zip'], { error: 'area.kind must be city, county or zip' }), label: z.string().trim().refine((t) => t.length > 0, 'Please name the area').pipe(z.string().max(100)) }),
  body: z.string().max(GUIDE_BODY_MAX),
  photos: z
    .array(z.string().refine((p) => UPLOADED_PHOTO.test(p), 'photos must be images uploaded here (/uploads/…)'))
    .max(GUIDE_PHOTOS_MAX, `At most ${GUIDE_PHOTOS_MAX} photos`)
    .default([]),
  officeId: z.uuid({ error: 'officeId must be a broker id' }).optional(),
});

const isId = (id: string) => z.uuid().safeParse(id).success;

/**
 * Area guides (GET public; the rest brokers and staff): a broker writes their office's guides;
 * staff any office's, naming it (officeId) when creating one. Someone else's guide is not found.
 */
@Controller('api/guide')
export class GuidesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(GuidePages) private readonly guides: GuidePages,
    @Inject(PublicPages) private readonly pages: PublicPages,
  ) {}

  @ApiDoc({ summary: "The office's area guides, the latest changed first (staff: every office's)", tag: 'guides', access: 'brokers, staff', responses: { 200: '{guides: GuideView[]}', 403: 'agents and leads' } })
  @Get()
  async list(@Req() req: Request): Promise<{ guides: GuideView[] }> {
    const writer = this.writer(req);
    return { guides: (await guidesOf(this.pool, writer.anyOffice ? null : writer.officeId)).map(({ officeId: _o, ...g }) => g) };
  }

  @ApiDoc({ summary: "An area guide as the site's visitors see it: title, text (plain paragraphs), photos and the area's market numbers from its listings", tag: 'guides', access: 'anyone, on the sites of the office that wrote it', responses: { 200: 'PublicGuide', 404: "no such guide, or another office's" } })
  @Get(':id')
  async one(@Param('id') id: string, @Req() req: Request): Promise<PublicGuide> {
    const guide = isId(id) ? await this.guides.publicGuide(req.site, id) : undefined;
    if (!guide) throw notFound('No such guide');
    return guide;
  }

  @ApiDoc({ summary: 'Write a new area guide for the office', tag: 'guides', access: 'brokers; staff naming officeId', body: GuideBody, responses: { 201: 'GuideView', 400: 'a field is missing, too long, or the area has no listings' } })
  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @Req() req: Request): Promise<GuideView> {
    const writer = this.writer(req);
    const input = parseBody(GuideBody, body);
    const officeId = writer.anyOffice ? input.officeId : writer.officeId;
    if (!officeId) throw validation('officeId is required: which office (its broker) the guide is for');
    const guideId = newId();
    await this.save(req, guideId, officeId, writer, input, true);
    return this.viewOf(guideId);
  }

  @ApiDoc({ summary: "Change an area guide (its office's broker, or staff)", tag: 'guides', access: 'brokers (their office), staff', body: GuideBody, responses: { 200: 'GuideView', 404: "no such guide, or another office's" } })
  @Put(':id')
  async edit(@Param('id') id: string, @Body() body: unknown, @Req() req: Request): Promise<GuideView> {
    const writer = this.writer(req);
    if (!isId(id)) throw notFound('No such guide');
    const input = parseBody(GuideBody, body);
    await this.save(req, id, writer.officeId ?? '', writer, input, false);
    return this.viewOf(id);
  }

  private writer(req: Request): { userId: string; officeId: string | null; anyOffice: boolean } {
    const auth = requireAuth(req);
    if (auth.securityLevel >= LEVEL.staff) return { userId: auth.userId, officeId: null, anyOffice: true };
    if (auth.securityLevel >= LEVEL.broker) return { userId: auth.userId, officeId: auth.userId, anyOffice: false };
    throw forbidden('Only the broker or staff write area guides');
  }

  private async save(req: Request, guideId: string, officeId: string, writer: { userId: string; anyOffice: boolean }, input: z.infer<typeof GuideBody>, creating: boolean): Promise<void> {
    // The place must be one the site's area pages know (it has listings): its numbers come from them.
    const area = await this.pages.areaView({ kind: input.area.kind, slug: areaSlug(input.area) });
    if (!area) throw validation(`No listings are on file in ${input.area.label}: pick a place that has an area page`);
    const body = input.body.replace(/\r\n?/g, '\n').trim();
    await this.commands.execute(new GuideCommand(guideStream(guideId), { guideId, officeId, byUserId: writer.userId, anyOffice: writer.anyOffice, creating, title: input.title, area: { kind: area.kind, label: area.label }, body, photos: input.photos }, commandContextOf(req)));
  }

  /** The guide as its stream now says (the read model may be a moment behind the save). */
  private async viewOf(guideId: string): Promise<GuideView> {
    const events = await this.store.readStream(guideStream(guideId));
    const last = events.at(-1) as unknown as { data: { title: string; area: GuideView['area']; body: string; photos: string[] }; metadata: { at: string } } | undefined;
    if (!last) {
      const stored = await guideById(this.pool, guideId);
      if (!stored) throw notFound('No such guide');
      const { officeId: _o, ...g } = stored;
      return g;
    }
    return { guideId, title: last.data.title, area: last.data.area, body: last.data.body, photos: last.data.photos, path: guidePath(guideId), updatedAt: last.metadata.at };
  }
}
