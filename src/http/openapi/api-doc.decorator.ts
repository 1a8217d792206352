import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const API_DOC = 'porchlight:api-doc';

export type ApiDocOptions = {
  readonly summary: string;
  readonly tag?: string;
  /** The zod schema the handler validates its body with (the same object, not a copy). */
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  /** Who may call it, in words: 'anyone', 'signed in', 'agents', 'staff'... */
  readonly access?: string;
  readonly responses?: Readonly<Record<number, string>>;
};

/** Describes a route for /api/openapi.json; routes without it are still listed, by path. */
export const ApiDoc = (options: ApiDocOptions) => SetMetadata(API_DOC, options);
