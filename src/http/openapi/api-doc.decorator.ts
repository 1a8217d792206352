import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBody, ApiCookieAuth, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { jsonSchemaOf } from '../contract/json-schema';
import { SESSION_COOKIE_SCHEME } from '../contract/openapi-document';

export const API_DOC = 'porchlight:api-doc';

export type ApiDocOptions = {
  readonly summary: string;
  readonly tag?: string;
  /** The zod schema the handler validates its body with (the same object, not a copy). */
  readonly body?: z.ZodType;
  readonly query?: z.ZodObject;
  /** Who may call it, in words: 'anyone', 'signed in', 'agents', 'staff'... */
  readonly access?: string;
  readonly responses?: Readonly<Record<number, string>>;
};

/**
 * Documents a route not yet declared in the contract (src/contract/routes/): its answers have a
 * description but no schema. New routes use `@Route` (src/http/contract/route.decorator.ts).
 */
export const ApiDoc = (options: ApiDocOptions) =>
  applyDecorators(
    SetMetadata(API_DOC, options),
    ApiOperation({ summary: options.summary, ...(options.access ? { description: `Access: ${options.access}.` } : {}) }),
    ...(options.tag ? [ApiTags(options.tag)] : []),
    ...(options.body ? [ApiBody({ required: true, schema: jsonSchemaOf(options.body) })] : []),
    ...Object.entries(options.query?.shape ?? {}).map(([name, schema]) => ApiQuery({ name, required: !(schema as z.ZodType).safeParse(undefined).success, schema: jsonSchemaOf(schema as z.ZodType) })),
    ...Object.entries(options.responses ?? { 200: 'OK' }).map(([status, description]) => ApiResponse({ status: Number(status), description })),
    ...(options.access && options.access !== 'anyone' ? [ApiCookieAuth(SESSION_COOKIE_SCHEME)] : []),
  );
