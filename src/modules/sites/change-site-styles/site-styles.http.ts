import { siteStylesOf } from '../../../../projections/sites';
import { Body, Controller, Get, Header, Inject, Param, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { DB_POOL } from '../../../runtime/tokens';
import type { CommandResult } from '../../../commands/handle-command';
import { siteStylesView, STYLE_MESSAGES, type SiteStylesView, styleProperties } from '../../../contract/site-styles';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
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

// Which palette, pack or address is allowed, and the contrast rule, are the decider's to check, with its messages.
const ColorPaletteBody = z.strictObject({ palette: z.string().max(40), primary: z.string().max(20).optional(), accent: z.string().max(20).optional() });
const FontPackBody = z.strictObject({ pack: z.string().max(40) });
const HomeCoverBody = z.strictObject({ imageUrl: z.string().max(300).nullable().optional(), headline: z.string().max(1000).optional(), subline: z.string().max(1000).optional() });

const PARTS = ['colorpalette', 'fontpack', 'homecover'] as const;
type Part = (typeof PARTS)[number];

const READ_MODEL_WAIT_MS = 3_000;
const EDITORS = 'brokers (their sites), staff (all)';
const TAG = 'Site styles';

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
@Controller('api/castle/styles')
export class SiteStylesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get()
  @ApiDoc({ summary: "The request's site's styles: colour palette, font pack, home cover", tag: TAG, access: 'anyone', responses: { 200: '{colorpalette:{palette, primary, accent}, fontpack:{pack}, homecover:{imageUrl, headline, subline}}' } })
  async current(@Req() req: Request): Promise<SiteStylesView> {
    return this.stylesOf(requireSite(req).siteId);
  }

  /** Linked from every page (SPA and server-rendered), so a page has its styles before its first paint; html:root outranks the bundle's :root defaults wherever the two links fall. */
  @Get('site.css')
  @Header('Content-Type', 'text/css; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  @Header('Vary', 'Host')
  @ApiDoc({ summary: "The request's site's styles as CSS custom properties on :root (--brand, --accent, --font-body, --font-heading...)", tag: TAG, access: 'anyone', responses: { 200: 'text/css' } })
  async stylesheet(@Req() req: Request): Promise<string> {
    if (!req.site) return '';
    const props = styleProperties(await this.stylesOf(req.site.siteId));
    return `html:root {\n${Object.entries(props).map(([k, v]) => `  ${k}: ${v};`).join('\n')}\n}\n`;
  }

  @Get(':siteId')
  @ApiDoc({ summary: "A site's styles, to edit them", tag: TAG, access: EDITORS, responses: { 200: 'SiteStylesView', 404: 'not a site the viewer may edit' } })
  async get(@Param('siteId') siteId: string, @Req() req: Request): Promise<SiteStylesView> {
    return this.stylesOf((await editableSite(this.sites, req, siteId)).siteId);
  }

  @Get(':siteId/:part')
  @ApiDoc({ summary: "One of a site's styles (colorpalette, fontpack or homecover)", tag: TAG, access: EDITORS, responses: { 200: '{palette, primary, accent} | {pack} | {imageUrl, headline, subline}', 404: 'not a site the viewer may edit, or no such style' } })
  async getPart(@Param('siteId') siteId: string, @Param('part') part: string, @Req() req: Request) {
    const which = partOf(part);
    return (await this.get(siteId, req))[which];
  }

  @Put(':siteId/colorpalette')
  @ApiDoc({ summary: 'Choose a curated palette, or custom primary and accent colours (SiteColorPaletteChosen); colours whose text fails WCAG AA contrast are refused', tag: TAG, access: EDITORS, body: ColorPaletteBody, responses: { 200: 'SiteStylesView', 400: '{message} (the contrast reached)', 404: 'not a site the viewer may edit' } })
  async palette(@Param('siteId') siteId: string, @Body() body: unknown, @Req() req: Request): Promise<SiteStylesView> {
    return this.change(req, siteId, { part: 'colorpalette', ...parseBody(ColorPaletteBody, body) });
  }

  @Put(':siteId/fontpack')
  @ApiDoc({ summary: 'Choose a font pack (SiteFontPackChosen)', tag: TAG, access: EDITORS, body: FontPackBody, responses: { 200: 'SiteStylesView', 400: '{message}', 404: 'not a site the viewer may edit' } })
  async fontPack(@Param('siteId') siteId: string, @Body() body: unknown, @Req() req: Request): Promise<SiteStylesView> {
    return this.change(req, siteId, { part: 'fontpack', ...parseBody(FontPackBody, body) });
  }

  @Put(':siteId/homecover')
  @ApiDoc({ summary: "Set the home page's cover: an uploaded image, a headline, a sub-line (SiteHomeCoverChanged)", tag: TAG, access: EDITORS, body: HomeCoverBody, responses: { 200: 'SiteStylesView', 400: '{message}', 404: 'not a site the viewer may edit' } })
  async homeCover(@Param('siteId') siteId: string, @Body() body: unknown, @Req() req: Request): Promise<SiteStylesView> {
    return this.change(req, siteId, { part: 'homecover', ...parseBody(HomeCoverBody, body) });
  }

  private async change(req: Request, siteId: string, input: StyleChange): Promise<SiteStylesView> {
    const site = await editableSite(this.sites, req, siteId);
    const { state } = await this.commands.execute<ChangeSiteStylesCommand, CommandResult<Site, SiteEvent>>(new ChangeSiteStylesCommand({ siteId: site.siteId, ...input } as ChangeSiteStyles, commandContextOf(req)));
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
