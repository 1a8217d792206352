import fs from 'node:fs';
import path from 'node:path';
import { Controller } from '@nestjs/common';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { projectRoot } from '../../../shared/paths';
import { v1OpenApiDocument } from './v1-openapi';

@Controller()
export class V1OpenApiController {
  private document: Record<string, unknown> | undefined;

  /** Public in every environment: it maps API v1 alone, which a key is needed to call. */
  @Route(contract.v1Docs.openapi)
  openapi(): Record<string, unknown> {
    this.document ??= v1OpenApiDocument((JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version);
    return this.document;
  }
}
