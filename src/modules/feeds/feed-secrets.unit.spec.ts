import { describe, expect, it } from 'vitest';
import { FeedSecrets } from './feed-secrets';

describe('feed secrets', () => {
  it('seals with a fresh nonce each time, opens with the same server secret, and refuses another', () => {
    const secrets = new FeedSecrets(Buffer.from('a server secret of at least thirty-two characters'));
    const a = secrets.seal('client-secret-123');
    const b = secrets.seal('client-secret-123');
    expect(a.data).not.toBe(b.data);
    expect(JSON.stringify(a)).not.toContain('client-secret-123');
    expect(secrets.open(a, 'MRED')).toBe('client-secret-123');
    const other = new FeedSecrets(Buffer.from('another server secret, also thirty-two characters'));
    expect(() => other.open(a, 'MRED')).toThrow(/credentials of feed MRED cannot be read with this server's secret/);
    expect(() => secrets.open({ ...a, data: b.data }, 'MRED')).toThrow(/cannot be read/);
  });
});
