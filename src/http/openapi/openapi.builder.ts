import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { z } from 'zod';
import { API_DOC, type ApiDocOptions } from './api-doc.decorator';

type Operation = Record<string, unknown>;

/**
 * Builds the OpenAPI document from the routes Nest actually serves, so that no route can be
 * missing from it. Request schemas come from the zod schemas handlers validate with.
 */
export function buildOpenApi(discovery: DiscoveryService, scanner: MetadataScanner, version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const base = normalise(Reflect.getMetadata(PATH_METADATA, metatype) as string | string[] | undefined);
    const proto = Object.getPrototypeOf(instance) as object;
    for (const name of scanner.getAllMethodNames(proto)) {
      const handler = (proto as Record<string, unknown>)[name] as object;
      const routePath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (routePath === undefined || method === undefined) continue;
      const doc = (Reflect.getMetadata(API_DOC, handler) as ApiDocOptions | undefined) ?? undefined;
      const full = toOpenApiPath(`/${[base, normalise(routePath)].filter(Boolean).join('/')}`);
      const verb = RequestMethod[method].toLowerCase();
      const verbs = verb === 'all' ? ['get', 'post'] : [verb];
      for (const v of verbs) {
        (paths[full] ??= {})[v] = operation(full, v, doc, metatype.name);
      }
    }
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Porchlight API',
      version,
      description:
        'Every error answers {message} with a fitting status. State-changing requests authenticated by the session cookie must carry an Origin of the site itself.',
    },
    paths: sorted,
  };
}

function operation(path: string, verb: string, doc: ApiDocOptions | undefined, controller: string): Operation {
  const op: Operation = {
    operationId: `${verb} ${path}`,
    summary: doc?.summary ?? '',
    tags: [doc?.tag ?? controller.replace(/Controller$/, '')],
  };
  const params: { name: string; in: string; required: boolean; schema: unknown }[] = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1]!, in: 'path', required: true, schema: { type: 'string' } }));
  if (doc?.query) params.push(...queryParams(doc.query));
  if (params.length) op.parameters = params;
  if (doc?.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(doc.body) } } };
  const responses: Record<string, { description: string }> = {};
  for (const [status, description] of Object.entries(doc?.responses ?? { 200: 'OK' })) responses[status] = { description };
  op.responses = responses;
  if (doc?.access) op['x-access'] = doc.access;
  return op;
}

function queryParams(schema: z.ZodType): { name: string; in: string; required: boolean; schema: unknown }[] {
  const json = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({ name, in: 'query', required: json.required?.includes(name) ?? false, schema: s }));
}

function jsonSchema(schema: z.ZodType): unknown {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
}

const normalise = (p: string | string[] | undefined): string => {
  const s = Array.isArray(p) ? (p[0] ?? '') : (p ?? '');
  return s.replace(/^\/+|\/+$/g, '');
};

const toOpenApiPath = (p: string): string => p.replace(/\/+/g, '/').replace(/:(\w+)\??/g, '{$1}').replace(/\/$/, '') || '/';
