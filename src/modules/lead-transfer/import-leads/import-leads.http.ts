import { createHash } from 'node:crypto';
import {
  Body,
  type CallHandler,
  type CanActivate,
  Controller,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  Param,
  PayloadTooLargeException,
  Req,
  Res,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type pg from 'pg';
import type { Observable } from 'rxjs';
import { z } from 'zod';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { AnswerOf, BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { CsvError, parseCsv, toCsv, UTF8_BOM } from '../../../contract/csv';
import { guessMapping, IMPORT_FIELDS, IMPORT_LIMITS, IMPORT_MESSAGES, resolveMapping, rowValues } from '../../../contract/lead-import';
import { AppError, notFound, validation } from '../../../shared/errors';
import { stableId } from '../../../shared/stable-id';
import { commandContextOf } from '../../../commands/request-context';
import { resolveLeadTarget } from '../../leads';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { importProgress, importReport } from '../../../../projections/lead-imports';
import { LeadImporter } from './lead-importer';

/** Imports per person an hour (a retried import counts too): a day's work is a handful. */
export const IMPORT_LIMIT: RateLimit = {
  name: 'lead-import',
  limit: 20,
  windowSeconds: 3600,
  message: 'Too many imports in an hour. Please try again later.',
};

const Mapping = z.record(z.string().max(200), z.enum(IMPORT_FIELDS).nullable());
const ImportIdParam = z.uuid();

type UploadedCsv = { readonly buffer: Buffer; readonly size: number; readonly originalname: string };

/** Before the file is read: signed in at the dashboard's levels (401/403), and within the import limit. */
@Injectable()
export class ImportAccessGuard implements CanActivate {
  constructor(@Inject(RateLimiter) private readonly limiter: RateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const viewer = dashboardViewer(context.switchToHttp().getRequest<Request>());
    await this.limiter.enforce(IMPORT_LIMIT, viewer.userId);
    return true;
  }
}

/** One multipart `file` of at most 10 MB, held in memory; past the size, the limit's own message (413). */
@Injectable()
export class ImportFileInterceptor implements NestInterceptor {
  private readonly inner = new (FileInterceptor('file', {
    limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 8, fieldSize: 64 * 1024, parts: 10 },
  }))();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.inner.intercept(context, next);
    } catch (err) {
      if (err instanceof PayloadTooLargeException) throw new AppError('too_large', IMPORT_MESSAGES.tooLarge);
      throw err;
    }
  }
}

@Controller()
export class ImportLeadsController {
  constructor(
    @Inject(LeadImporter) private readonly importer: LeadImporter,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  /**
   * Contract section 5a: a CSV with a header row (`file`), an optional `mapping` (JSON, column
   * → field; guessed from the header otherwise), `duplicates` (skip, merge or create; skip when
   * not given), `siteId`/`agentId` as for a lead added by hand, and `importId` (the browser's,
   * to follow the progress; else one derived from the file and the choices, so the same post
   * again is the same import). Answers when every row is worked through.
   */
  @Route(contract.leadTransfer.importLeads)
  @UseGuards(ImportAccessGuard)
  @UseInterceptors(ImportFileInterceptor)
  async import(@UploadedFile() file: UploadedCsv | undefined, @Body() fields: BodyOf<typeof contract.leadTransfer.importLeads>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (!file || file.size === 0) throw validation(IMPORT_MESSAGES.noFile);
    const text = decodeUtf8(file.buffer);
    let records;
    try {
      records = parseCsv(text).records;
    } catch (err) {
      if (err instanceof CsvError) throw validation(err.message);
      throw err;
    }
    const header = (records[0]?.fields ?? []).map((h) => h.trim());
    const data = records.slice(1);
    if (data.length === 0) throw validation(IMPORT_MESSAGES.noRows);
    if (data.length > IMPORT_LIMITS.maxRows) throw validation(IMPORT_MESSAGES.tooManyRows);
    const mapping = fields.mapping === undefined ? guessMapping(header) : parseMapping(fields.mapping);
    const resolved = resolveMapping(header, mapping);
    if (!resolved.ok) throw validation(resolved.message);
    const lines = data.map((r) => ({ row: r.row, ...rowValues(r.fields, resolved.columns) }));
    const target = await resolveLeadTarget(this.store, this.pool, viewer, { siteId: fields.siteId, agentId: fields.agentId });
    const policy = fields.duplicates ?? 'skip';
    const fileSha256 = createHash('sha256').update(file.buffer).digest('hex');
    const choices = JSON.stringify([viewer.userId, target.siteId, target.agentId, fileSha256, policy, Object.entries(mapping).sort()]);
    const importId = fields.importId ?? stableId(`lead-import:${choices}`);
    return this.importer.run({
      importId,
      viewer,
      target,
      start: { fileName: cleanFileName(file.originalname), fileSha256, policy, mapping },
      lines,
      ctx: commandContextOf(req),
    });
  }

  /** The import's progress (done of total) and counts, for its importer (and staff); anyone else 404. */
  @Route(contract.leadTransfer.importProgress)
  async progress(@Param('importId') importId: string, @Req() req: Request) {
    const summary = await this.visibleImport(importId, req);
    const { byUserId: _, ...rest } = summary;
    return rest;
  }

  /** Every row that did not become a new lead, with why: Row, Result, Message, Lead id (UTF-8 CSV). */
  @Route(contract.leadTransfer.importReport)
  async report(@Param('importId') importId: string, @Req() req: Request, @Res() res: Response): Promise<AnswerOf<typeof contract.leadTransfer.importReport>> {
    await this.visibleImport(importId, req);
    const rows = await importReport(this.pool, importId);
    // A file for a spreadsheet: its cells are neutralised like the export's.
    const csv = toCsv(
      ['Row', 'Result', 'Message', 'Lead id'],
      rows.map((r) => [r.row, r.outcome, r.message, r.leadId]),
    );
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="import-report-${importId}.csv"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(UTF8_BOM + csv);
    return csv;
  }

  private async visibleImport(importId: string, req: Request) {
    const viewer = dashboardViewer(req);
    if (!ImportIdParam.safeParse(importId).success) throw notFound();
    const summary = await importProgress(this.pool, importId);
    if (!summary || (summary.byUserId !== viewer.userId && viewer.role !== 'staff')) throw notFound();
    return summary;
  }
}

function decodeUtf8(bytes: Buffer): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.includes('\u0000')) throw new Error('NUL');
    return text;
  } catch {
    throw validation(IMPORT_MESSAGES.notText);
  }
}

function parseMapping(json: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw validation('The mapping is not valid JSON');
  }
  const parsed = Mapping.safeParse(raw);
  if (!parsed.success) throw validation('The mapping must name, for each column, a field or null');
  return parsed.data;
}

/** The file's name for the import's record: its last path part, printable, at most 200 characters. */
const cleanFileName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .slice(0, 200) || 'import.csv';
