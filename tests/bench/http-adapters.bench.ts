import 'reflect-metadata';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compression from 'compression';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { INestApplication } from '@nestjs/common';
import type { Request, Response } from 'express';
import { loadConfig } from '../../src/config/config';
import { bodyParsers } from '../../src/http/body-parsers';
import { compressAnswers } from '../../src/http/compress-answers';
import { refuseMalformedUrls } from '../../src/http/malformed-url';
import { requestLog } from '../../src/http/request-log';
import { securityHeaders } from '../../src/http/security-headers';
import { Metrics } from '../../src/metrics/metrics';
import type { Benchmark, BenchContext } from './bench';
import { loadFrom } from './load-from';
import { logAsProduction } from './production-log';

/** A page of 24 result cards, as the search list answers (about 14 kB of JSON). */
const CARDS = {
  results: Array.from({ length: 24 }, (_, i) => ({
    pdid: `BENCH-${100000 + i * 7919}`,
    mlsid: `${2000000 + i * 31}`,
    address: `${100 + i * 13} ${['Oak', 'Maple', 'Cedar', 'Pine', 'Elm'][i % 5]} ${['St', 'Ave', 'Rd', 'Ln'][i % 4]}`,
    city: 'Springfield',
    state: 'IL',
    zip: `627${(i % 90) + 10}`,
    county: 'Sangamon',
    price: 250_000 + i * 1375,
    priceShort: `$${250 + i}K`,
    beds: 1 + (i % 5),
    baths: 1 + (i % 3),
    sqft: 900 + i * 37,
    status: 'Active',
    propertyType: 'Single Family',
    latitude: 39.78 + i * 0.001,
    longitude: -89.65 - i * 0.001,
    locationApproximate: false,
    forRent: false,
    photos: [`https://photos.example.com/BENCH/${100000 + i}/1.jpg`, `https://photos.example.com/BENCH/${100000 + i}/2.jpg`],
    listDate: '2025-05-01',
    closeDate: null,
    listOfficeName: 'Prairie Realty',
    listAgentName: 'Jane Doe',
  })),
  total: 1234,
  page: 1,
  perpage: 24,
};

@Controller()
class ProbeController {
  @Get('trivial')
  trivial() {
    return { status: 'ok' };
  }

  @Get('api/cards')
  cards() {
    return CARDS;
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

type Stack = 'bare' | 'ours, compression stream' | 'ours';

/**
 * The HTTP layer alone, no database: NestJS on Express and on Fastify side by side, each serving
 * a trivial JSON route and a 24-card answer through Nest's router, and the card answer from a
 * route of the adapter's own outside Nest (as lean-search-routes.ts serves the search page);
 * then Express with the product's middleware in front (request log, security headers, URL check,
 * body parsers, compression as a browser asks for it), with one-shot compression and with a
 * compression stream per answer. Server CPU per request, the load generator in its own process.
 */
export const httpAdaptersBenchmark: Benchmark = {
  name: 'http-adapters',
  description: 'the HTTP layer alone: NestJS on Express and on Fastify, Nest routes and lean routes, with and without the product middleware',
  async run(ctx) {
    const seconds = ctx.quick ? 3 : 10;
    const runs: [adapter: 'express' | 'fastify', stack: Stack][] = [
      ['express', 'bare'],
      ['fastify', 'bare'],
      ['express', 'ours, compression stream'],
      ['express', 'ours'],
    ];
    if (ctx.wants('http-adapters-compression-levels')) compressionLevels(ctx);
    const stopLogging = logAsProduction();
    try {
      for (const [adapter, stack] of runs) await runOne(ctx, adapter, stack, seconds);
    } finally {
      stopLogging();
    }
  },
};

async function runOne(ctx: BenchContext, adapter: 'express' | 'fastify', stack: Stack, seconds: number): Promise<void> {
  const key = `http-adapters-${adapter}-${stack === 'bare' ? 'bare' : stack === 'ours' ? 'ours' : 'ours-stream'}`;
  if (!ctx.wants(key)) return;
  const app = adapter === 'express' ? await expressApp(stack) : await fastifyApp();
  try {
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    for (const [route, path] of [
      ['trivial', '/trivial'],
      ['cards', '/api/cards'],
      ['cards-lean', '/lean/cards'],
    ] as const) {
      await measure(ctx, `${key}-${route}`, `${adapter}, ${stack}: GET ${path}`, `${base}${path}`, seconds);
    }
  } finally {
    await app.close();
  }
}

async function measure(ctx: BenchContext, key: string, label: string, url: string, seconds: number): Promise<void> {
  const { pathname } = new URL(url);
  const order = { url, connections: 50, seconds, requests: [{ method: 'GET' as const, path: pathname, headers: { 'accept-encoding': 'gzip, deflate, br' } }] };
  await loadFrom({ ...order, seconds: 1 });
  let result!: Awaited<ReturnType<typeof loadFrom>>;
  const m = await ctx.measure(async () => {
    result = await loadFrom(order);
  });
  ctx.record({
    key,
    label: `HTTP layer alone, ${label}, server CPU per request`,
    value: (m.clientCpuMs * 1000) / Math.max(1, result.total),
    unit: 'µs',
    lowerIsBetter: true,
    detail: `${Math.round(result.average)} req/s, p99 ${result.p99} ms, ${result.bytesPerAnswer.toLocaleString('en-US')} bytes an answer, 50 connections for ${seconds} s${result.failed ? `; ${result.failed} failed` : ''}`,
  });
}

async function expressApp(stack: Stack): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ProbeModule, { logger: false, bodyParser: false });
  app.disable('x-powered-by');
  app.set('etag', false);
  if (stack !== 'bare') {
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error' });
    app.use(requestLog(new Metrics()));
    app.use(securityHeaders(config));
    // Before: the compression stream for every answer, at its default levels (brotli 4, gzip 6).
    app.use(stack === 'ours' ? compressAnswers() : compression({ threshold: 1024 }));
    app.use(refuseMalformedUrls);
    app.use(bodyParsers([]));
  }
  app.use('/lean/cards', (_req: Request, res: Response) => void res.json(CARDS));
  return app;
}

async function fastifyApp(): Promise<INestApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(ProbeModule, new FastifyAdapter(), { logger: false });
  app
    .getHttpAdapter()
    .getInstance()
    .get('/lean/cards', (_req, reply) => reply.send(CARDS));
  return app;
}

/** CPU and bytes of each compression level on the card answer, in this process, many times over. */
function compressionLevels(ctx: BenchContext): void {
  const body = Buffer.from(JSON.stringify(CARDS));
  const brotli = (quality: number) => () =>
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  const ways: [string, () => Buffer][] = [
    ['brotli 4', brotli(4)],
    ['brotli 2', brotli(2)],
    ['brotli 1', brotli(1)],
    ['gzip 6', () => gzipSync(body)],
    ['gzip 1', () => gzipSync(body, { level: 1 })],
  ];
  const times = ctx.quick ? 500 : 3000;
  for (const [name, run] of ways) {
    for (let i = 0; i < 50; i++) run();
    const before = process.cpuUsage();
    for (let i = 0; i < times; i++) run();
    const used = process.cpuUsage(before);
    ctx.record({
      key: `http-adapters-compression-levels-${name.replace(' ', '-')}`,
      label: `compressing 24 result cards (${body.length.toLocaleString('en-US')} bytes of JSON) at once, ${name}, CPU`,
      value: (used.user + used.system) / times,
      unit: 'µs',
      lowerIsBetter: true,
      detail: `${run().length.toLocaleString('en-US')} bytes; ${times} times`,
    });
  }
}
