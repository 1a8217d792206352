import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { guideById, guidesOf } from '../../../projections/guides';
import { DB_POOL } from '../../runtime/tokens';
import { type GuideView, guidePath } from '../../contract/guides';
import type { BodyOf, QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { EventStore } from '../../eventstore/event-store.port';
import { Route } from '../../http/contract/route.decorator';
import { forbidden, notFound, validation } from '../../shared/errors';
import { newId } from '../../shared/ids';
import { LEVEL, requireAuth } from '../accounts';
import { commandContextOf } from '../../commands/request-context';
import { PublicPages } from '../public-pages';
import { GuideCommand } from './guide.command';
import { areaSlug, GuidePages } from './guide-pages';
import { guideStream } from './guides.events';

const { guides: routes } = contract;
type GuideInput = BodyOf<typeof routes.create>;
type Writer = { userId: string; officeId: string | null; anyOffice: boolean };

const isId = (id: string) => z.uuid().safeParse(id).success;

/**
 * Area guides (GET public; the rest brokers and staff): a broker writes their office's guides;
 * staff any office's, naming it (officeId) when creating one. Someone else's guide is not found.
 */
@Controller()
export class GuidesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(GuidePages) private readonly guides: GuidePages,
    @Inject(PublicPages) private readonly pages: PublicPages,
  ) {}

  @Route(routes.list)
  async list(@Req() req: Request) {
    const writer = this.writer(req);
    return { guides: (await guidesOf(this.pool, writer.anyOffice ? null : writer.officeId)).map(({ officeId: _o, ...g }) => g) };
  }

  @Route(routes.one)
  async one(@Param('id') id: string, @Req() req: Request) {
    const guide = isId(id) ? await this.guides.publicGuide(req.site, id) : undefined;
    if (!guide) throw notFound('No such guide');
    return guide;
  }

  @Route(routes.ofArea)
  async ofArea(@Query() area: QueryOf<typeof routes.ofArea>, @Req() req: Request) {
    return { guides: await this.guides.linksOfArea(req.site, area) };
  }

  @Route(routes.create)
  async create(@Body() input: GuideInput, @Req() req: Request) {
    const writer = this.writer(req);
    const officeId = writer.anyOffice ? input.officeId : writer.officeId;
    if (!officeId) throw validation('officeId is required: which office (its broker) the guide is for');
    const guideId = newId();
    await this.save(req, guideId, officeId, writer, input, true);
    return this.viewOf(guideId);
  }

  @Route(routes.edit)
  async edit(@Param('id') id: string, @Body() input: GuideInput, @Req() req: Request) {
    const writer = this.writer(req);
    if (!isId(id)) throw notFound('No such guide');
    await this.save(req, id, writer.officeId ?? '', writer, input, false);
    return this.viewOf(id);
  }

  /** Takes the guide down: its page, its place in the sitemap and on its area's page go with it. */
  @Route(routes.archive)
  async archive(@Param('id') id: string, @Req() req: Request) {
    const writer = this.writer(req);
    if (!isId(id)) throw notFound('No such guide');
    await this.commands.execute(
      new GuideCommand(
        guideStream(id),
        { kind: 'archive', guideId: id, officeId: writer.officeId ?? '', byUserId: writer.userId, anyOffice: writer.anyOffice },
        commandContextOf(req),
      ),
    );
    return { isSuccess: true as const };
  }

  private writer(req: Request): Writer {
    const auth = requireAuth(req);
    if (auth.securityLevel >= LEVEL.staff) return { userId: auth.userId, officeId: null, anyOffice: true };
    if (auth.securityLevel >= LEVEL.broker) return { userId: auth.userId, officeId: auth.userId, anyOffice: false };
    throw forbidden('Only the broker or staff write area guides');
  }

  private async save(req: Request, guideId: string, officeId: string, writer: Writer, input: GuideInput, creating: boolean): Promise<void> {
    // The place must be one the site's area pages know (it has listings): its numbers come from them.
    const area = await this.pages.areaView({ kind: input.area.kind, slug: areaSlug(input.area) });
    if (!area) throw validation(`No listings are on file in ${input.area.label}: pick a place that has an area page`);
    const body = input.body.replace(/\r\n?/g, '\n').trim();
    await this.commands.execute(
      new GuideCommand(
        guideStream(guideId),
        {
          kind: 'write',
          guideId,
          officeId,
          byUserId: writer.userId,
          anyOffice: writer.anyOffice,
          creating,
          title: input.title,
          area: { kind: area.kind, label: area.label },
          body,
          photos: input.photos,
        },
        commandContextOf(req),
      ),
    );
  }

  /** The guide as its stream now says (the read model may be a moment behind the save). */
  private async viewOf(guideId: string): Promise<GuideView> {
    const events = await this.store.readStream(guideStream(guideId));
    const last = events.at(-1) as unknown as
      { data: { title: string; area: GuideView['area']; body: string; photos: string[] }; metadata: { at: string } } | undefined;
    if (!last) {
      const stored = await guideById(this.pool, guideId);
      if (!stored) throw notFound('No such guide');
      const { officeId: _o, ...g } = stored;
      return g;
    }
    return {
      guideId,
      title: last.data.title,
      area: last.data.area,
      body: last.data.body,
      photos: last.data.photos,
      path: guidePath(guideId),
      updatedAt: last.metadata.at,
    };
  }
}
