import { Body, Controller, Inject, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { RateLimiter } from '../../../http/rate-limiter';
import { AppError } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { SecretKey } from '../../accounts';
import { listingStream } from '../listing-record';
import { clientHash } from './client-hash';
import { ReportBrokenPhotoCommand } from './report-broken-photo.command';

/** Reports per client address in REPORT_WINDOW_SECONDS: a page of results breaking is a few dozen photos at most. */
export const REPORT_LIMIT = 30;
export const REPORT_WINDOW_SECONDS = 600;
export const tooManyReports = () => new AppError('rate_limited', 'Too many photo reports from your address. Please try again in 10 minutes.');

/**
 * POST /api/photo: a visitor's browser could not load a listing photo (the answer is ignored).
 * Open to anyone, as visitors' browsers report; limited per client address (X-Forwarded-For
 * only with TRUST_PROXY), and a photo is hidden only once two clients reported it.
 */
@Controller()
export class ReportBrokenPhotoController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {}

  @Route(contract.search.reportPhoto)
  async report(@Body() body: BodyOf<typeof contract.search.reportPhoto>, @Req() req: Request): Promise<undefined> {
    const client = clientHash(await this.secret.get(), req.ip ?? 'unknown');
    if (!(await this.limiter.allow(`photo-report:${client}`, REPORT_LIMIT, REPORT_WINDOW_SECONDS))) throw tooManyReports();
    const { pdid, url } = body;
    await this.commands.execute(new ReportBrokenPhotoCommand(listingStream(pdid), { pdid, url, client }, commandContextOf(req)));
  }
}
