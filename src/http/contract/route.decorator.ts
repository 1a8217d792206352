import { applyDecorators, HttpCode, RequestMapping, RequestMethod, SetMetadata, UseGuards, UsePipes } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCookieAuth, ApiOperation, ApiProduces, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import type { AnswerOf, Route as RouteDeclaration } from '../../contract/route';
import { API_KEY_SCHEME, SESSION_COOKIE_SCHEME } from './openapi-document';
import { ContractPipe } from './contract-pipe';
import { SignedInGuard } from './signed-in.guard';
import { jsonSchemaOf } from './json-schema';

export const ROUTE_CONTRACT = 'porchlight:route-contract';

/** The status a route answers with when it succeeds: the lowest 2xx (or, for a redirect, 3xx) it declares. */
export const successStatus = (route: RouteDeclaration): number =>
  Math.min(
    ...Object.keys(route.responses)
      .map(Number)
      .filter((s) => s >= 200 && s < 400),
  );

/** An answer declared `z.undefined()`: no body (204, a redirect). */
export const isBodyless = (schema: z.ZodType): boolean => (schema as { _zod: { def: { type: string } } })._zod.def.type === 'undefined';

/** The OpenAPI response of one declared status: no content when bodyless, else the schema under its media type. */
function answerDoc(route: RouteDeclaration, code: number, schema: z.ZodType, status: number) {
  const description = code === status ? (code >= 300 ? 'Redirected' : 'Done') : 'See the schema';
  if (isBodyless(schema)) return ApiResponse({ status: code, description });
  const media = code === status && route.produces ? route.produces : 'application/json';
  return ApiResponse({ status: code, description, content: { [media]: { schema: jsonSchemaOf(schema) } } });
}

/**
 * Implements a route of the contract (src/contract/routes/): Nest's route, its success status,
 * the validation of params, query and body by the declared schemas, and its OpenAPI operation
 * with request and response schemas, all from the one declaration. The handler must return
 * what the declared answer accepts (a type error otherwise); tests also check it at run time
 * (answer-check.interceptor.ts).
 */
export function Route<R extends RouteDeclaration>(route: R) {
  const status = successStatus(route);
  const decorators = [
    RequestMapping({ path: route.path, method: RequestMethod[route.method] }),
    HttpCode(status),
    ...(route.access === 'anyone' || route.bearer ? [] : [UseGuards(SignedInGuard)]),
    UsePipes(new ContractPipe(route)),
    SetMetadata(ROUTE_CONTRACT, route),
    ApiOperation({ summary: route.summary, operationId: route.operationId, description: `Access: ${route.access}.` }),
    ApiTags(route.tag),
    ...Object.entries(route.params?.shape ?? {}).map(([name, schema]) => ApiParam({ name, required: true, schema: jsonSchemaOf(schema as z.ZodType) })),
    ...Object.entries(route.query?.shape ?? {}).map(([name, schema]) =>
      ApiQuery({ name, required: !(schema as z.ZodType).safeParse(undefined).success, schema: jsonSchemaOf(schema as z.ZodType) }),
    ),
    ...(route.consumes ? [ApiConsumes(route.consumes)] : []),
    ...(route.produces ? [ApiProduces(route.produces)] : []),
    ...(route.body ? [ApiBody({ required: true, schema: jsonSchemaOf(route.body) })] : []),
    ...Object.entries(route.responses).map(([code, schema]) => answerDoc(route, Number(code), schema!, status)),
    ApiResponse({
      status: '4XX',
      description: 'Refused: {message} says why',
      schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    }),
    ...(route.bearer ? [ApiBearerAuth(API_KEY_SCHEME)] : route.access === 'anyone' ? [] : [ApiCookieAuth(SESSION_COOKIE_SCHEME)]),
  ];
  return (
    target: object,
    key: string | symbol,
    descriptor: Pick<TypedPropertyDescriptor<(...args: never[]) => AnswerOf<R> | Promise<AnswerOf<R>>>, 'value'>,
  ): void => {
    applyDecorators(...decorators)(target, key, descriptor as TypedPropertyDescriptor<unknown>);
  };
}
