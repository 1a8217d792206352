import fs from 'node:fs';
import path from 'node:path';
import { Controller, Get, Header, Inject, Param, Req, Res } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { Request, Response } from 'express';
import { CONFIG } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { LEVEL, requireLevel } from '../../modules/accounts';
import { notFound } from '../../shared/errors';
import { projectRoot } from '../../shared/paths';
import { ApiDoc } from './api-doc.decorator';
import { buildOpenApi } from './openapi.builder';

const SWAGGER_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png']);

/** The API's documentation: JSON at /api/openapi.json, a browsable page at /api/docs. */
@Controller('api')
export class OpenApiController {
  private document: Record<string, unknown> | undefined;

  constructor(
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(MetadataScanner) private readonly scanner: MetadataScanner,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /**
   * In production the document is for staff (401 signed out, 403 otherwise) unless
   * PUBLIC_API_DOCS=1: it maps every route, the back-office's included.
   */
  private mayRead(req: Request): void {
    if (!this.config.publicApiDocs) requireLevel(req, LEVEL.staff);
  }

  @Get('openapi.json')
  @ApiDoc({ summary: 'This document (production: signed-in staff only, unless PUBLIC_API_DOCS=1)', tag: 'Docs' })
  openapi(@Req() req: Request): Record<string, unknown> {
    this.mayRead(req);
    if (!this.document) {
      const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
      this.document = buildOpenApi(this.discovery, this.scanner, pkg.version);
    }
    return this.document;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiDoc({ summary: 'Browsable API documentation (production: signed-in staff only, unless PUBLIC_API_DOCS=1)', tag: 'Docs' })
  docs(@Req() req: Request): string {
    this.mayRead(req);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Porchlight API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script></body></html>`;
  }

  @Get('docs/assets/:file')
  @ApiDoc({ summary: 'Static files of the documentation page', tag: 'Docs' })
  asset(@Param('file') file: string, @Res() res: Response): void {
    if (file === 'init.js') {
      res.type('application/javascript').send("window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui', deepLinking: true });");
      return;
    }
    if (!SWAGGER_FILES.has(file)) throw notFound();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.sendFile(path.join(path.dirname(require.resolve('swagger-ui-dist/package.json')), file));
  }
}
