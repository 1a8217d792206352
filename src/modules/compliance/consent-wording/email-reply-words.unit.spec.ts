import { describe, expect, it } from 'vitest';
import { readConsentWording } from './consent-wording';
import { emailReplyWords } from './email-reply-words';

describe("the lead's own words in an e-mail reply", () => {
  it('cuts a sign-off and the short lines under it', () => {
    expect(emailReplyWords('Please remove me from your list.\n\nThanks,\nNora\n(512) 555-0100')).toBe('Please remove me from your list.');
    expect(emailReplyWords('Saturday works.\r\n\r\nSaludos,\r\nNora Nguyen')).toBe('Saturday works.');
  });

  it('cuts a legal footer and the signature delimiter, so that someone else\'s "unsubscribe" never revokes ours', () => {
    const footer = 'See you at 10.\nNora\nThis e-mail and any attachments are confidential. To unsubscribe from Acme news, reply STOP.';
    expect(emailReplyWords(footer)).toBe('See you at 10.\nNora');
    expect(readConsentWording(footer)).toBe('revoke');
    expect(readConsentWording(emailReplyWords(footer))).toBe('none');
    expect(emailReplyWords('Sounds good\n--\nNora | opt out of Acme mail at acme.test/optout')).toBe('Sounds good');
  });

  it('keeps a sign-off with a long message under it, and a reply that is only a sign-off', () => {
    const long = `Thanks,\n${'we looked at the house again and have a few more questions about the roof. '.repeat(2)}`;
    expect(emailReplyWords(`Hi Jane\n${long}`)).toBe(`Hi Jane\n${long}`.trim());
    expect(emailReplyWords('Thanks!')).toBe('Thanks!');
    expect(emailReplyWords('  \n')).toBe('');
  });
});
