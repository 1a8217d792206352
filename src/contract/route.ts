import type { z } from 'zod';

/**
 * One HTTP route of the API, declared once and shared by the server (which validates the request
 * and documents the route from it, src/http/contract/) and the web app (whose `api()` call is
 * typed from it). `path` is the whole path, Nest style (`api/dashboard/tasks/:taskId`).
 */
export type RouteDef = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  /** Who may call it, in words: 'anyone', 'signed in', 'agents', 'staff'... ('anyone': no session cookie needed). */
  readonly access: string;
  /** Authenticated by an API key (`Authorization: Bearer plk_…`, /api/v1) instead of the session cookie. */
  readonly bearer?: true;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /**
   * The media type of the request body when it is not JSON: a form a third party posts
   * (`application/x-www-form-urlencoded`, a signed webhook) or a file upload (`multipart/form-data`).
   * The body schema then describes the form's text fields.
   */
  readonly consumes?: 'application/x-www-form-urlencoded' | 'multipart/form-data';
  /**
   * The media type of the success answer when it is not JSON (a CSV file, a page, an image, a
   * calendar): its schema is then `z.string()` (text) or `z.unknown()` (binary), written to the
   * response by the handler itself.
   */
  readonly produces?:
    | 'text/csv'
    | 'text/css'
    | 'text/html'
    | 'text/plain'
    | 'text/xml'
    | 'text/calendar'
    | 'application/xml'
    | 'image/gif'
    | 'image/jpeg'
    | 'image/png'
    | 'image/webp'
    | 'image/svg+xml'
    | 'application/octet-stream';
  /**
   * The answer's schema for each status the route answers with (errors always answer {message}).
   * An answer without a body (204, a 302 redirect) is declared `z.undefined()`.
   */
  readonly responses: Readonly<Partial<Record<number, z.ZodType>>>;
};

/** A route with the identifier code generators name its client function by (unique, identifier-safe). */
export type Route<R extends RouteDef = RouteDef> = R & { readonly operationId: string };

/**
 * The routes of one area (`routes('tasks', { create: ... })`): each gets the operationId
 * `tasks_create`, unique because area names and the keys within an area are.
 */
export function routes<const T extends Record<string, RouteDef>>(area: string, defs: T): { readonly [K in keyof T]: Route<T[K]> } {
  return Object.fromEntries(Object.entries(defs).map(([key, def]) => [key, { ...def, operationId: `${area}_${key}` }])) as { [K in keyof T]: Route<T[K]> };
}

type SuccessStatus<R extends RouteDef> = Extract<keyof R['responses'], 200 | 201 | 202 | 204 | 302 | 303>;
type SchemaAt<R extends RouteDef, S> = S extends keyof R['responses'] ? (R['responses'][S] extends z.ZodType ? R['responses'][S] : never) : never;

/** What the handler returns (the server's side of the answer). */
export type AnswerOf<R extends RouteDef> = z.input<SchemaAt<R, SuccessStatus<R>>>;
/** What the browser receives. */
export type ResponseOf<R extends RouteDef> = z.output<SchemaAt<R, SuccessStatus<R>>>;
/** The body the browser sends. */
export type BodyInput<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : never;
/** The body the handler receives, validated (transforms applied). */
export type BodyOf<R extends RouteDef> = R['body'] extends z.ZodType ? z.output<R['body']> : never;
export type QueryInput<R extends RouteDef> = R['query'] extends z.ZodObject ? z.input<R['query']> : never;
export type QueryOf<R extends RouteDef> = R['query'] extends z.ZodObject ? z.output<R['query']> : never;
export type ParamsOf<R extends RouteDef> = R['params'] extends z.ZodObject ? z.output<R['params']> : never;
