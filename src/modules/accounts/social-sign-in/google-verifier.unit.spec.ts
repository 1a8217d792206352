import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/config';
import { AppError } from '../../../shared/errors';
import { GoogleVerifier } from './google-verifier';
import { FacebookVerifier } from './facebook-verifier';

describe('social sign-in without configuration', () => {
  it('answers 503 (unavailable) when GOOGLE_CLIENT_ID is not set', async () => {
    const err = await new GoogleVerifier(loadConfig({})).verify('x.y.z').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'unavailable', message: 'Google sign-in is not configured on this server' });
  });

  it('answers 503 when the Facebook app is not configured', async () => {
    const err = await new FacebookVerifier(loadConfig({ FACEBOOK_APP_ID: 'x' })).verify('t').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'unavailable' });
  });
});
