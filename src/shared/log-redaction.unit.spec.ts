import { afterEach, describe, expect, it } from 'vitest';
import { isSensitiveField, redactFields, REDACTED, scrubText } from './log-redaction';
import { logger, setLogFormat, setLogLevel, setLogSink, withRequestId } from './logger';

describe('log redaction', () => {
  it('redacts secrets and contact details by field name, at any depth, whatever the spelling', () => {
    const out = redactFields({
      password: 'hunter2-hunter2',
      SMTP_PASSWORD: 'smtp-secret',
      authToken: 'tok',
      Authorization: 'Bearer abc',
      cookie: 'pl_session=abc',
      sessionId: 's-1',
      email: 'jane.doe@gmail.com',
      Phone: '+12065550123',
      leadId: 'a0b1',
      count: 3,
      nested: { user: { newPassword: 'p', to_number: '+12065550123', projection: 'leads' } },
      list: [{ email: 'x@y.com' }],
    });
    expect(out).toEqual({
      password: REDACTED,
      SMTP_PASSWORD: REDACTED,
      authToken: REDACTED,
      Authorization: REDACTED,
      cookie: REDACTED,
      sessionId: REDACTED,
      email: REDACTED,
      Phone: REDACTED,
      leadId: 'a0b1',
      count: 3,
      nested: { user: { newPassword: REDACTED, to_number: REDACTED, projection: 'leads' } },
      list: [{ email: REDACTED }],
    });
    for (const name of ['name', 'projection', 'message', 'status', 'route', 'reqId']) expect(isSensitiveField(name), name).toBe(false);
  });

  it('masks e-mail addresses and phone numbers in free text (messages, errors, stacks)', () => {
    expect(scrubText('duplicate key: Key (email)=(jane.doe@gmail.com) exists')).toBe('duplicate key: Key (email)=([email]) exists');
    for (const phone of ['+12065550123', '(206) 555-0123', '206-555-0123', '206.555.0123', '+1 206 555 0123']) {
      expect(scrubText(`call ${phone} now`), phone).toBe('call [phone] now');
    }
    // Ids, times and counts stay readable; addresses at the reserved .test domain are nobody's.
    const plain = 'lead 00000000-0000-4000-8000-000000000025 at 2026-11-29T00:21:19.123Z: 1500 events, 127.0.0.1:3000, agent@demo.test';
    expect(scrubText(plain)).toBe(plain);
    expect(redactFields({ message: 'sent to jane.doe@gmail.com', error: new Error('no route to +12065550123') })).toEqual({
      message: 'sent to [email]',
      error: { name: 'Error', message: 'no route to [phone]', stack: expect.not.stringContaining('+12065550123') },
    });
  });
});

describe('log lines', () => {
  const lines: string[] = [];
  afterEach(() => {
    setLogSink(undefined);
    setLogFormat('text');
    setLogLevel('info');
    lines.length = 0;
  });

  it('are JSON objects with level, time, msg, the request id and the fields, none of them a secret', () => {
    setLogSink((line) => lines.push(line));
    setLogFormat('json');
    setLogLevel('info');
    withRequestId('req-123', () => logger('test').info('signed in for jane.doe@gmail.com', { userId: 'u1', password: 'hunter2-hunter2', attempts: 2n }));
    logger('test').debug('not at info');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    const line = JSON.parse(lines[0]!);
    expect(line).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      msg: 'signed in for [email]',
      scope: 'test',
      reqId: 'req-123',
      userId: 'u1',
      password: REDACTED,
      attempts: '2',
    });
  });

  it('read as text outside production, with the request id among the fields', () => {
    setLogSink((line) => lines.push(line));
    withRequestId('req-9', () => logger('http').warn('slow', { ms: 12, token: 'abc' }));
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z WARN  \[http\] slow \{"reqId":"req-9","ms":12,"token":"\[redacted\]"\}\n$/);
  });
});
