import { Body, Controller, Inject, Param, Query, Req, Res, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { BodyOf, QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';
import { clientKey, RateLimiter } from '../../http/rate-limiter';
import { notFound, validation } from '../../shared/errors';
import { SecretKey } from '../accounts';
import { DOCUMENT_EXTS, sniff } from './file-sniff';
import { UploadAccessGuard, uploadAccessOf } from './upload-access.guard';
import { ADDRESS_DAILY_BYTES, quotaUnits, UPLOAD_TOKENS_PER_ADDRESS, USER_DAILY_BYTES } from './upload-limits';
import { UploadStore } from './upload-store';
import { signUploadToken } from './upload-token';

type UploadedBytes = { readonly buffer: Buffer; readonly size: number };

@Controller()
export class UploadsController {
  constructor(
    @Inject(UploadStore) private readonly store: UploadStore,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {}

  /**
   * The upload endpoint of the product description (object=uploads, action=uploadfiles), for
   * resumes and photos: one multipart file in field `file`, at most UPLOAD_MAX_MB (413 beyond).
   * Signed in, or with an upload token (X-Upload-Token) a signed-out form asked for; limited
   * per address and per user in count (UploadAccessGuard, before the body is read) and bytes.
   */
  @Route(contract.uploads.upload)
  @UseGuards(UploadAccessGuard)
  @UseInterceptors(FileInterceptor('file'))
  async upload(@Query() _query: QueryOf<typeof contract.uploads.upload>, @UploadedFile() file: UploadedBytes | undefined, @Req() req: Request) {
    if (!file || file.size === 0) throw validation('Please choose a file to upload');
    const kind = sniff(file.buffer);
    if (!kind.ok) throw validation(kind.message);
    const access = uploadAccessOf(req)!;
    // The inquiry form takes a resume: a signed-out visitor's token uploads documents only.
    if (access.form === 'inquiry' && !DOCUMENT_EXTS.includes(kind.ext)) throw validation('Failed to upload resume: please choose a PDF or Word document');
    await this.limiter.enforce(ADDRESS_DAILY_BYTES, access.client, quotaUnits(file.size));
    if (access.userId) await this.limiter.enforce(USER_DAILY_BYTES, access.userId, quotaUnits(file.size));
    const name = await this.store.save(file.buffer, kind.ext);
    return { success: true as const, data: { files: [{ FileName: name, FileURL: `/uploads/${name}` }] }, error: null };
  }

  /** A signed-out form's permission to upload one file (the inquiry form's resume), good for 30 minutes. */
  @Route(contract.uploads.token)
  async token(@Body() { form }: BodyOf<typeof contract.uploads.token>, @Req() req: Request) {
    const secret = await this.secret.get();
    await this.limiter.enforce(UPLOAD_TOKENS_PER_ADDRESS, clientKey(secret, req));
    return signUploadToken(secret, form, new Date());
  }

  /** Served with headers that keep a browser from running anything: images inline, the rest as downloads. */
  @Route(contract.uploads.file)
  async serve(@Param('filename') filename: string, @Res() res: Response): Promise<void> {
    const file = await this.store.read(filename);
    if (!file) throw notFound();
    const image = ['jpg', 'png', 'gif', 'webp'].includes(file.ext);
    res.setHeader('Content-Type', file.mime);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.setHeader('Content-Disposition', image ? 'inline' : `attachment; filename="${filename}"`);
    // Said outright: the compression middleware wraps end(), and a body written through it goes chunked.
    res.setHeader('Content-Length', String(file.bytes.length));
    res.end(file.bytes);
  }
}
