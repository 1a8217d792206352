import type { Readable } from 'node:stream';
import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor } from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { CONFIG } from '../../../app/tokens';
import type { Config } from '../../../config/config';

/** A multipart file of an inbound e-mail, in memory: null bytes when it was larger than UPLOAD_MAX_MB (then drained, not kept). */
export type InboundFile = { readonly fieldname: string; readonly originalname: string; readonly buffer: Buffer | null; readonly size: number };

/**
 * Multer storage that keeps a file's bytes up to a limit and drains the rest: an attachment too
 * large does not fail the whole post (Mailgun would retry the reply for hours, then drop it),
 * it is only not kept.
 */
function boundedMemoryStorage(maxBytes: number) {
  return {
    _handleFile(_req: unknown, file: { stream: Readable }, cb: (err: Error | null, info?: { buffer: Buffer | null; size: number }) => void) {
      const chunks: Buffer[] = [];
      let size = 0;
      file.stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
        else chunks.length = 0;
      });
      file.stream.on('error', (err: Error) => cb(err));
      file.stream.on('end', () => cb(null, { buffer: size <= maxBytes ? Buffer.concat(chunks) : null, size }));
    },
    _removeFile(_req: unknown, _file: unknown, cb: (err: Error | null) => void) {
      cb(null);
    },
  };
}

/**
 * Reads Mailgun's multipart post (fields and `attachment-1..n`) after the guard let it in. At
 * most 100 files are read (more fails the post, 413) and 100 fields of 2 MB; each file is kept
 * up to UPLOAD_MAX_MB.
 */
@Injectable()
export class InboundMailParts implements NestInterceptor {
  private readonly inner: NestInterceptor;

  constructor(@Inject(CONFIG) config: Config) {
    const Multer = AnyFilesInterceptor();
    this.inner = new Multer({ storage: boundedMemoryStorage(config.uploadMaxBytes), limits: { files: 100, fields: 100, fieldSize: 2 * 1024 * 1024, parts: 300 } });
  }

  intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    return this.inner.intercept(context, next) as Promise<Observable<unknown>>;
  }
}
