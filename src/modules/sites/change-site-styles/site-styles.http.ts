import { siteStylesOf } from '../../../../projections/sites';
import { Body, Controller, Header, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { CommandResult } from '../../../commands/handle-command';
import { siteStylesView, STYLE_MESSAGES, type SiteStylesView, styleProperties } from '../../../contract/site-styles';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { commandContextOf } from '../../../commands/request-context';
import { notFound } from '../../../shared/errors';
import { requireSite } from '../resolve-site/require-site';
import { SiteResolver } from '../resolve-site/site-resolver';
import type { Site } from '../site';
import { editableSite } from '../site-editor';
import type { SiteEvent } from '../sites.events';
import type { ChangeSiteStyles } from './change-site-styles.decide';
import { ChangeSiteStylesCommand } from './change-site-styles.command';

/** One part's change, for the site the route names. */
type StyleChange = ChangeSiteStyles extends infer C ? (C extends unknown ? Omit<C, 'siteId'> : never) : never;

const PARTS = ['colorpalette', 'fontpack', 'homecover'] as const;
type Part = (typeof PARTS)[number];

const READ_MODEL_WAIT_MS = 3_000;
const routes = contract.sites;

function partOf(part: string): Part {
  if (!(PARTS as readonly string[]).includes(part)) throw notFound('No such style (the styles are colorpalette, fontpack and homecover)');
  return part as Part;
}

const viewOf = (site: Extract<Site, { exists: true }>): SiteStylesView => siteStylesView(site.settings.PrimaryColor, site.settings.AccentColor, site.styles);

/**
 * The /api/castle/styles family: a site's colour palette, font pack and home cover. The
 * public site reads its own (and its stylesheet); the site's broker, or staff, change them
 * (anyone else: 404). A change is answered once the sites read model has it, so the public
 * site's next page shows it.
 */
@Controller()
export class SiteStylesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(routes.styles)
  async current(@Req() req: Request): Promise<SiteStylesView> {
    return this.stylesOf(requireSite(req).siteId);
  }

  /** Linked from every page (SPA and server-rendered), so a page has its styles before its first paint; html:root outranks the bundle's :root defaults wherever the two links fall. */
  @Header('Content-Type', 'text/css; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  @Header('Vary', 'Host')
  @Route(routes.stylesheet)
  async stylesheet(@Req() req: Request): Promise<string> {
    if (!req.site) return '';
    const props = styleProperties(await this.stylesOf(req.site.siteId));
    return `html:root {\n${Object.entries(props)
      .map(([k, v]) => `  ${k}: ${v};`)
      .join('\n')}\n}\n`;
  }

  @Route(routes.siteStyles)
  async get(@Param('siteId') siteId: string, @Req() req: Request): Promise<SiteStylesView> {
    return this.stylesOf((await editableSite(this.sites, req, siteId)).siteId);
  }

  @Route(routes.siteStyle)
  async getPart(@Param('siteId') siteId: string, @Param('part') part: string, @Req() req: Request) {
    const which = partOf(part);
    return (await this.get(siteId, req))[which];
  }

  @Route(routes.choosePalette)
  async palette(@Param('siteId') siteId: string, @Body() body: BodyOf<typeof routes.choosePalette>, @Req() req: Request): Promise<SiteStylesView> {
    return this.change(req, siteId, { part: 'colorpalette', ...body });
  }

  @Route(routes.chooseFontPack)
  async fontPack(@Param('siteId') siteId: string, @Body() body: BodyOf<typeof routes.chooseFontPack>, @Req() req: Request): Promise<SiteStylesView> {
    return this.change(req, siteId, { part: 'fontpack', ...body });
  }

  @Route(routes.setHomeCover)
  async homeCover(@Param('siteId') siteId: string, @Body() body: BodyOf<typeof routes.setHomeCover>, @Req() req: Request): Promise<SiteStylesView> {
    return this.change(req, siteId, { part: 'homecover', ...body });
  }

  private async change(req: Request, siteId: string, input: StyleChange): Promise<SiteStylesView> {
    const site = await editableSite(this.sites, req, siteId);
    const { state } = await this.commands.execute<ChangeSiteStylesCommand, CommandResult<Site, SiteEvent>>(
      new ChangeSiteStylesCommand({ siteId: site.siteId, ...input } as ChangeSiteStyles, commandContextOf(req)),
    );
    if (!state.exists) throw notFound(STYLE_MESSAGES.notYours);
    const want = viewOf(state);
    await this.readModelHas(site.siteId, want);
    return want;
  }

  private async stylesOf(siteId: string): Promise<SiteStylesView> {
    const styles = await siteStylesOf(this.pool, siteId);
    if (!styles) throw notFound(STYLE_MESSAGES.notYours);
    return styles;
  }

  /** Waits (briefly) until the read model shows the styles as the write side has them, then drops the host cache (the colours are settings). */
  private async readModelHas(siteId: string, want: SiteStylesView): Promise<void> {
    const deadline = Date.now() + READ_MODEL_WAIT_MS;
    const text = JSON.stringify(want);
    while (JSON.stringify(await siteStylesOf(this.pool, siteId)) !== text && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    this.sites.invalidate();
  }
}
