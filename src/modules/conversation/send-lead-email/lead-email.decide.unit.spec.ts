import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { FILLED_MERGE_VALUES } from '../../../../tests/support/merge-values';
import { refused } from '../../../../tests/support/refused';
import type { MergeValues } from '../../../contract/merge-fields';
import type { LeadEmailEvent } from '../conversation.events';
import { decideLeadEmail, EMAIL_UNSUBSCRIBED, type LeadEmailCommand, leadEmailDecider, NO_EMAIL_ADDRESS } from './lead-email.decide';

const L = { leadId: 'L1', siteId: 's1' };
const values: MergeValues = { ...FILLED_MERGE_VALUES, listing_address: '', listing_price: '' };
const send = (over: Partial<Extract<LeadEmailCommand, { kind: 'send' }>> = {}): LeadEmailCommand => ({
  kind: 'send',
  ...L,
  messageId: 'm1',
  byUserId: 'A1',
  subject: 'Homes for {first_name}',
  body: 'Hi {first_name},\n\nHere are homes for you.\n\n{agent_name}\n{listing_address}',
  templateId: null,
  values,
  emailConsent: true,
  hasAddress: true,
  ...over,
});
const sent = (messageId: string, subject: string, body: string, templateId: string | null = null): LeadEmailEvent => ({
  type: 'LeadEmailSent',
  data: { ...L, messageId, byUserId: 'A1', subject, body, templateId },
});
const reply = { ...L, messageId: 'r1', from: 'nora@example.com', subject: 'Re: Homes for Nora', body: 'Yes Saturday works', attachments: [] };
const received: LeadEmailEvent = { type: 'LeadEmailReceived', data: reply };
const given = (...events: LeadEmailEvent[]) => fold(leadEmailDecider, events);

describe('CRM e-mail to a lead (given / when / then)', () => {
  it('given no e-mails, when the agent sends one, then LeadEmailSent with the merge fields filled (an empty one by the rule)', () => {
    expect(decideLeadEmail(send({ templateId: 't1' }), given())).toEqual([
      sent('m1', 'Homes for Nora', 'Hi Nora,\n\nHere are homes for you.\n\nJane Agent', 't1'),
    ]);
  });

  it('given the e-mail was sent, when the same message is sent again (a retry), then nothing: it goes out once', () => {
    expect(decideLeadEmail(send(), given(sent('m1', 'x', 'y')))).toEqual([]);
  });

  it('given a lead who unsubscribed from e-mail, when the agent sends, then refused (403) saying why', () => {
    expect(refused(() => decideLeadEmail(send({ emailConsent: false }), given()))).toMatchObject({ code: 'forbidden', message: EMAIL_UNSUBSCRIBED });
  });

  it('given a lead without an address, when the agent sends, then refused', () => {
    expect(refused(() => decideLeadEmail(send({ hasAddress: false }), given()))).toMatchObject({ code: 'validation', message: NO_EMAIL_ADDRESS });
  });

  it('when the text names an unknown merge field, then refused naming it; nothing is guessed', () => {
    expect(refused(() => decideLeadEmail(send({ body: 'Hi {firstname}' }), given())).message).toMatch(/^Unknown merge field \{firstname\}; use /);
  });

  it('when the subject or the message is empty (also once filled), two lines or too long, then refused', () => {
    for (const [over, message] of [
      [{ subject: '  ' }, 'Please enter a subject'],
      [{ subject: '{listing_address}' }, 'Please enter a subject'],
      [{ subject: 'a\nb' }, 'A subject is one line'],
      [{ subject: 'x'.repeat(201) }, 'A subject has at most 200 characters'],
      [{ body: '\n \n' }, 'Please write the message'],
      [{ body: 'x'.repeat(20_001) }, 'A message has at most 20000 characters'],
    ] as const) {
      expect(
        refused(() => decideLeadEmail(send(over), given())),
        message,
      ).toMatchObject({ code: 'validation', message });
    }
  });

  it('given no reply, when one comes to the thread address, then LeadEmailReceived; redelivered, nothing', () => {
    expect(decideLeadEmail({ kind: 'receive', ...reply }, given(sent('m1', 'x', 'y')))).toEqual([received]);
    expect(decideLeadEmail({ kind: 'receive', ...reply }, given(received))).toEqual([]);
  });
});
