import fs from 'node:fs';
import path from 'node:path';
import { Controller, Header, Inject, type INestApplication, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CONFIG } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { LEVEL, requireLevel, SESSION_COOKIE } from '../../modules/accounts';
import { notFound } from '../../shared/errors';
import { projectRoot } from '../../shared/paths';
import { createOpenApiDocument } from '../contract/openapi-document';
import { contract } from '../../contract/routes';
import { Route } from '../contract/route.decorator';

const SWAGGER_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png']);

/** The API's documentation: JSON at /api/openapi.json, a browsable page at /api/docs. */
@Controller()
export class OpenApiController {
  private document: Record<string, unknown> | undefined;
  private app: INestApplication | undefined;

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  /** @nestjs/swagger reads the routes from the application itself, which the server hands over once created. */
  documents(app: INestApplication): void {
    this.app = app;
  }

  /**
   * In production the document is for staff (401 signed out, 403 otherwise) unless
   * PUBLIC_API_DOCS=1: it maps every route, the back-office's included.
   */
  private mayRead(req: Request): void {
    if (!this.config.publicApiDocs) requireLevel(req, LEVEL.staff);
  }

  @Route(contract.docs.openapi)
  openapi(@Req() req: Request): Record<string, unknown> {
    this.mayRead(req);
    if (!this.document) {
      if (!this.app) throw new Error('The OpenAPI document was asked for before the server handed its application over');
      const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
      this.document = createOpenApiDocument(this.app, pkg.version, SESSION_COOKIE) as unknown as Record<string, unknown>;
    }
    return this.document;
  }

  @Route(contract.docs.page)
  @Header('Content-Type', 'text/html; charset=utf-8')
  docs(@Req() req: Request): string {
    this.mayRead(req);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Porchlight API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script></body></html>`;
  }

  @Route(contract.docs.asset)
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
