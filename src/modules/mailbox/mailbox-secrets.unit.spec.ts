import { describe, expect, it } from 'vitest';
import { FeedSecrets } from '../feeds/feed-secrets';
import { MailboxSecrets } from './mailbox-secrets';

const SECRET = Buffer.from('a server secret of at least thirty-two characters');

describe('mailbox passwords sealed at rest', () => {
  it('opens with the same server secret only, never shows the password, and is no feed credential', () => {
    const sealed = new MailboxSecrets(SECRET).seal('abcd efgh ijkl mnop');
    expect(JSON.stringify(sealed)).not.toContain('abcd');
    expect(new MailboxSecrets(SECRET).open(sealed)).toBe('abcd efgh ijkl mnop');
    expect(new MailboxSecrets(Buffer.from('another server secret, also thirty-two characters')).open(sealed)).toBeNull();
    // Another purpose, another key: a feed's key does not open a mailbox's password.
    expect(() => new FeedSecrets(SECRET).open(sealed, 'T')).toThrow(/cannot be read/);
    expect(new MailboxSecrets(SECRET).open({ ...sealed, data: Buffer.from('tampered').toString('base64') })).toBeNull();
  });
});
