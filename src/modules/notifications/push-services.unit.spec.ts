import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint } from './push-services';

describe('push service endpoints', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/eXaMpLe:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://api.push.apple.com/3/device/abc',
  ])('accepts %s', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://user:pw@fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilpush.apple.com/x',
    'https://push.apple.com/x',
    'https://notify.windows.com/x',
    'https://127.0.0.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/x',
    'https://internal.corp/x',
    'not a url',
  ])('refuses %s', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint)).toBe(false);
  });

  it('accepts a test origin (PUSH_TEST_ORIGINS) only when configured, and only that origin', () => {
    const stand = ['http://127.0.0.1:4567'];
    expect(isPushServiceEndpoint('http://127.0.0.1:4567/push/a', stand)).toBe(true);
    expect(isPushServiceEndpoint('http://127.0.0.1:4567/push/a')).toBe(false);
    expect(isPushServiceEndpoint('http://127.0.0.1:4568/push/a', stand)).toBe(false);
    expect(isPushServiceEndpoint('http://user:pw@127.0.0.1:4567/push/a', stand)).toBe(false);
    expect(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/x', stand)).toBe(true);
  });
});
