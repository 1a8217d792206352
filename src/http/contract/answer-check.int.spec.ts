import 'reflect-metadata';
import { Body, Controller, Module, Param } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type BodyOf, routes } from '../../contract/route';
import { ErrorFilter } from '../error.filter';
import { AnswerCheckInterceptor } from './answer-check.interceptor';
import { Route } from './route.decorator';

const probe = routes('probe', {
  honest: {
    method: 'POST',
    path: 'probe/:id/honest',
    summary: 'Answers what it declares',
    tag: 'Probe',
    access: 'anyone',
    params: z.strictObject({ id: z.string() }),
    body: z.strictObject({ n: z.number({ error: 'n must be a number' }) }),
    responses: { 201: z.strictObject({ id: z.string(), twice: z.number() }) },
  },
  // The handler answers `count` as a string: the declaration says a number.
  wrong: {
    method: 'GET',
    path: 'probe/wrong',
    summary: 'Answers what it does not declare',
    tag: 'Probe',
    access: 'anyone',
    responses: { 200: z.strictObject({ count: z.number() }) },
  },
});

@Controller()
class ProbeController {
  @Route(probe.honest)
  honest(@Param('id') id: string, @Body() body: BodyOf<typeof probe.honest>) {
    return { id, twice: body.n * 2 };
  }

  @Route(probe.wrong)
  wrong() {
    // A cast, as a handler reading an untyped row would: only the run-time check can see it.
    return { count: '3' } as unknown as { count: number };
  }
}

@Module({
  controllers: [ProbeController],
  providers: [
    { provide: APP_FILTER, useClass: ErrorFilter },
    { provide: APP_INTERCEPTOR, useClass: AnswerCheckInterceptor },
  ],
})
class ProbeModule {}

describe('a contract route in a test run', () => {
  let app: NestExpressApplication;
  let url: string;

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(ProbeModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('validates the body by the declared schema and answers with the declared status', async () => {
    const ok = await post('/probe/a1/honest', { n: 2 });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ id: 'a1', twice: 4 });
    const bad = await post('/probe/a1/honest', { n: 'two' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'n must be a number' });
    const extra = await post('/probe/a1/honest', { n: 2, admin: true });
    expect(await extra.json()).toEqual({ message: 'Unknown field: admin' });
  });

  it('fails loudly, naming the route and the zod issue, when an answer does not match its schema', async () => {
    const res = await fetch(`${url}/probe/wrong`);
    expect(res.status).toBe(500);
    expect(((await res.json()) as { message: string }).message).toBe(
      "probe_wrong's answer does not match its contract: count: Invalid input: expected number, received string",
    );
  });

  it('refuses at compile time a handler whose answer is not the declared one', () => {
    class Wrong {
      // @ts-expect-error twice must be a number
      @Route(probe.honest)
      honest() {
        return { id: 'a', twice: 'four' };
      }
    }
    expect(Wrong).toBeDefined();
  });
});
