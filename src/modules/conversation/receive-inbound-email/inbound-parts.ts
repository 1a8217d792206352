import type { Readable } from 'node:stream';
import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor } from '@nestjs/common';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { closeUnread, declaredLength, tooLarge } from '../../../http/unread-body';
import { AppError, forbidden, validation } from '../../../shared/errors';
import { checkMailgunSignature } from './mailgun-signature';

/** A multipart file of an inbound e-mail, in memory: null bytes when it was larger than UPLOAD_MAX_MB (then skipped, not kept). */
export type InboundFile = { readonly fieldname: string; readonly originalname: string; readonly buffer: Buffer | null; readonly size: number };

export const NOT_SIGNED = 'Not a signed message from the mail provider';
export const STALE = 'This message was signed more than 15 minutes ago';
const SIGNATURE_FIELDS = ['timestamp', 'token', 'signature'] as const;

type Parts = { readonly fields: Record<string, string | string[]>; readonly files: InboundFile[] };

/**
 * Reads Mailgun's post (multipart, or a form without files) as it streams in, and checks its
 * signature from the first fields: Mailgun sends timestamp, token and signature before the
 * attachments, and a file part that comes before they were verified is refused (403) without
 * being read, as is a forged or stale signature the moment its three fields are in. The whole
 * post is capped at INBOUND_EMAIL_MAX_MB (413 once a signed post declares or passes it); each
 * file is kept up to UPLOAD_MAX_MB (a larger one is only not kept: Mailgun would retry a failed
 * post for hours, then drop the reply); at most 100 files and 100 fields of 2 MB (more: 413). A
 * refused post is answered at once and the rest of it is never read. The replay check (each
 * token once) needs storage and stays with the route.
 */
export function readInboundParts(req: Request, res: Response, config: Config, now: Date): Promise<Parts> {
  const key = config.inboundEmail.mailgunSigningKey!;
  const maxBytes = config.inboundEmail.maxBodyBytes;
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 100, fields: 100, fieldSize: 2 * 1024 * 1024, parts: 300, fileSize: config.uploadMaxBytes } });
    } catch {
      closeUnread(req, res);
      return reject(validation('Mailgun posts a multipart or URL-encoded form'));
    }
    const fields: Record<string, string | string[]> = {};
    const files: InboundFile[] = [];
    let verified = false;
    let failed = false;
    const fail = (err: AppError) => {
      if (failed) return;
      failed = true;
      closeUnread(req, res);
      parser.removeAllListeners('close');
      reject(err);
    };
    const verify = () => {
      const check = checkMailgunSignature(key, { timestamp: fields.timestamp, token: fields.token, signature: fields.signature }, now);
      if (check !== 'ok') return fail(forbidden(check === 'stale' ? STALE : NOT_SIGNED));
      verified = true;
      if ((declaredLength(req) ?? 0) > maxBytes) fail(tooLarge(maxBytes));
    };

    let read = 0;
    req.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) fail(tooLarge(maxBytes));
    });
    parser.on('field', (name, value, info) => {
      if (failed) return;
      if (info.valueTruncated || info.nameTruncated) return fail(tooLarge(maxBytes));
      const before = fields[name];
      fields[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
      if (!verified && SIGNATURE_FIELDS.every((f) => f in fields)) verify();
    });
    parser.on('file', (name, stream: Readable & { truncated?: boolean }, info) => {
      if (!verified) {
        stream.resume();
        return fail(forbidden(NOT_SIGNED));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on('end', () => {
        if (!failed) files.push({ fieldname: name, originalname: info.filename ?? '', buffer: stream.truncated ? null : Buffer.concat(chunks), size });
      });
    });
    const overLimit = () => fail(new AppError('too_large', 'Too many parts in one message (at most 100 files and 100 fields)'));
    parser.on('filesLimit', overLimit);
    parser.on('fieldsLimit', overLimit);
    parser.on('partsLimit', overLimit);
    parser.on('error', () => fail(validation('The form could not be read')));
    // A sender that goes away mid-post leaves nothing waiting.
    req.once('close', () => {
      if (!req.complete) fail(validation('The post ended before its form did'));
    });
    parser.on('close', () => {
      if (failed) return;
      // A form without files: its signature fields may be missing altogether.
      if (!verified) verify();
      if (!failed) resolve({ fields, files });
    });
    req.pipe(parser);
  });
}

/** The reader as an interceptor, after InboundEmailGuard let the post in: the route gets `@Body()` fields and `@UploadedFiles()` files. */
@Injectable()
export class InboundMailParts implements NestInterceptor {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { files?: InboundFile[] }>();
    const { fields, files } = await readInboundParts(req, http.getResponse<Response>(), this.config, new Date());
    req.body = fields;
    req.files = files;
    return next.handle();
  }
}
