import { Controller, Get, Inject, Param, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { notFound, validation } from '../../shared/errors';
import { sniff } from './file-sniff';
import { UploadStore } from './upload-store';

type UploadedBytes = { readonly buffer: Buffer; readonly size: number };

@Controller()
export class UploadsController {
  constructor(@Inject(UploadStore) private readonly store: UploadStore) {}

  /**
   * The upload endpoint of the product description (object=uploads, action=uploadfiles), for
   * resumes and photos: one multipart file in field `file`, at most UPLOAD_MAX_MB (413 beyond).
   */
  @Post('api/upload')
  @UseInterceptors(FileInterceptor('file'))
  async upload(@Query('object') object: unknown, @Query('action') action: unknown, @UploadedFile() file: UploadedBytes | undefined) {
    if (object !== 'uploads' || action !== 'uploadfiles') throw validation('Expected object=uploads and action=uploadfiles');
    if (!file || file.size === 0) throw validation('Please choose a file to upload');
    const kind = sniff(file.buffer);
    if (!kind.ok) throw validation(kind.message);
    const name = await this.store.save(file.buffer, kind.ext);
    return { success: true, data: { files: [{ FileName: name, FileURL: `/uploads/${name}` }] }, error: null };
  }

  /** Served with headers that keep a browser from running anything: images inline, the rest as downloads. */
  @Get('uploads/:filename')
  async serve(@Param('filename') filename: string, @Res() res: Response): Promise<void> {
    const file = await this.store.read(filename);
    if (!file) throw notFound();
    const image = ['jpg', 'png', 'gif', 'webp'].includes(file.ext);
    res.setHeader('Content-Type', file.mime);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.setHeader('Content-Disposition', image ? 'inline' : `attachment; filename="${filename}"`);
    res.end(file.bytes);
  }
}
