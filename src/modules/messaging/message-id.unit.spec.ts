import { describe, expect, it } from 'vitest';
import { messageIdOf } from './mailer.port';

describe('messageIdOf: an outbox row’s stable Message-ID', () => {
  it('is the key at the domain of the sender’s address, with or without a display name', () => {
    expect(messageIdOf('lead-email.2f1c', 'Porchlight <no-reply@porchlight.test>')).toBe('<lead-email.2f1c@porchlight.test>');
    expect(messageIdOf('share.9', 'alerts@homes.example.com')).toBe('<share.9@homes.example.com>');
  });

  it('keeps only what a msg-id may hold, and the same key gives the same id every time', () => {
    expect(messageIdOf('a b<c>@d', 'x@y.test')).toBe('<a-b-c--d@y.test>');
    expect(messageIdOf('k', 'x@y.test')).toBe(messageIdOf('k', 'x@y.test'));
  });
});
