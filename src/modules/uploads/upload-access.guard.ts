import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { clientKey, RateLimiter } from '../../http/rate-limiter';
import { AppError, unauthorized } from '../../shared/errors';
import { SecretKey } from '../accounts';
import { UPLOADS_PER_ADDRESS, UPLOADS_PER_USER } from './upload-limits';
import { UPLOAD_TOKEN_MINUTES, type UploadForm, verifyUploadToken } from './upload-token';

export const UPLOAD_TOKEN_HEADER = 'x-upload-token';
export const SIGN_IN_TO_UPLOAD = 'Please sign in to upload files';
export const BAD_UPLOAD_TOKEN = 'This upload permission has expired or was already used; please choose the file again';

/** Who is uploading: a signed-in user, or a signed-out visitor with a token for one form. */
export type UploadAccess = { readonly client: string; readonly userId: string | null; readonly form: UploadForm | null };
const accessOf = new WeakMap<Request, UploadAccess>();
export const uploadAccessOf = (req: Request): UploadAccess | undefined => accessOf.get(req);

/**
 * Before the file is read (guards run before the multipart interceptor): a session, or a valid
 * upload token used once; and the upload counts per address and per user. What is not allowed
 * costs no memory for its body.
 */
@Injectable()
export class UploadAccessGuard implements CanActivate {
  constructor(
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const secret = await this.secret.get();
    const client = clientKey(secret, req);
    const header = req.headers[UPLOAD_TOKEN_HEADER];
    let form: UploadForm | null = null;
    if (!req.auth) {
      if (typeof header !== 'string' || !header) throw unauthorized(SIGN_IN_TO_UPLOAD);
      const check = verifyUploadToken(secret, header, new Date());
      if (!check.ok) throw new AppError('forbidden', BAD_UPLOAD_TOKEN);
      // One upload per token: its nonce is a key that can be counted once while the token lives.
      if (!(await this.limiter.allow(`upload-token-used:${check.nonce}`, 1, UPLOAD_TOKEN_MINUTES * 60))) throw new AppError('forbidden', BAD_UPLOAD_TOKEN);
      form = check.form;
    }
    await this.limiter.enforce(UPLOADS_PER_ADDRESS, client);
    if (req.auth) await this.limiter.enforce(UPLOADS_PER_USER, req.auth.userId);
    accessOf.set(req, { client, userId: req.auth?.userId ?? null, form });
    return true;
  }
}
