import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startWarnings } from './start-warnings';

describe('warnings at a production start', () => {
  it('says loudly that no e-mail leaves a production server without SMTP_URL', () => {
    const warnings = startWarnings(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://homes.example.com' }));
    expect(warnings.find((w) => w.includes('SMTP_URL'))).toMatch(
      /^NO E-MAIL IS DELIVERED: SMTP_URL is not set, so password resets, verification links and alerts only go to the mail_outbox table/,
    );
    expect(
      startWarnings(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://homes.example.com', SMTP_URL: 'smtps://u:p@relay.example.com' })).some((w) =>
        w.includes('SMTP_URL'),
      ),
    ).toBe(false);
  });

  it('warns when the public address is not https (no Secure cookies, no HSTS)', () => {
    expect(startWarnings(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://relay' })).find((w) => w.startsWith('PUBLIC_URL'))).toMatch(
      /PUBLIC_URL is not https \(http:\/\/localhost:3000\)/,
    );
    expect(
      startWarnings(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://relay', PUBLIC_URL: 'https://homes.example.com' })).some((w) =>
        w.startsWith('PUBLIC_URL'),
      ),
    ).toBe(false);
  });

  it('warns that e-mail replies are lost without the Mailgun webhook signing key', () => {
    const base = { NODE_ENV: 'production', SMTP_URL: 'smtp://relay', PUBLIC_URL: 'https://homes.example.com' };
    expect(startWarnings(loadConfig(base)).find((w) => w.includes('MAILGUN'))).toMatch(
      /^No e-mail reply reaches the CRM: MAILGUN_WEBHOOK_SIGNING_KEY is not set/,
    );
    expect(startWarnings(loadConfig({ ...base, MAILGUN_WEBHOOK_SIGNING_KEY: 'key-0123456789abcdef' })).some((w) => w.includes('MAILGUN'))).toBe(false);
  });

  it('warns when feed URLs may lead into the private network (ALLOW_PRIVATE_OUTBOUND=1)', () => {
    const base = { NODE_ENV: 'production', SMTP_URL: 'smtp://relay', PUBLIC_URL: 'https://homes.example.com' };
    expect(startWarnings(loadConfig({ ...base, ALLOW_PRIVATE_OUTBOUND: '1' })).find((w) => w.startsWith('ALLOW_PRIVATE_OUTBOUND'))).toMatch(
      /may lead to loopback, private or link-local addresses/,
    );
    expect(startWarnings(loadConfig(base)).some((w) => w.startsWith('ALLOW_PRIVATE_OUTBOUND'))).toBe(false);
  });

  it('has nothing to say outside production (the outboxes are the development set-up)', () => {
    expect(startWarnings(loadConfig({}))).toEqual([]);
  });
});
