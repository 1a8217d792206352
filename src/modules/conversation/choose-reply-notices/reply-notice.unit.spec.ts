import { describe, expect, it } from 'vitest';
import { MAIL_EXCERPT, replyNoticeMail, replyNoticeText, type ReplyNoticeFacts } from './reply-notice';

const facts = (over: Partial<ReplyNoticeFacts['reply']> = {}): ReplyNoticeFacts => ({
  leadId: '11111111-2222-4333-8444-555555555555',
  leadName: 'Pat Lead',
  reply: { kind: 'text', body: 'Yes saturday works', subject: '', attachments: 0, ...over },
  baseUrl: 'https://porchlight.test/',
});
const URL = 'https://porchlight.test/dashboard?lead=11111111-2222-4333-8444-555555555555&chat=1';

describe('reply notices: what the agent is told of a lead reply', () => {
  it('an e-mail for a text: who, how, the words and the link to the conversation', () => {
    const m = replyNoticeMail('jane@agent.test', facts());
    expect(m).toMatchObject({ to: 'jane@agent.test', subject: 'New text from Pat Lead' });
    expect(m.text.split('\n').slice(0, 5)).toEqual(['Pat Lead replied by text:', '', 'Yes saturday works', '', `Answer in the conversation: ${URL}`]);
    expect(m.html).toBeUndefined();
  });

  it('an e-mail for an e-mail reply names its subject and its attachments', () => {
    const m = replyNoticeMail('jane@agent.test', facts({ kind: 'email', subject: 'Re: Saturday', body: 'Great', attachments: 2 }));
    expect(m.subject).toBe('New e-mail from Pat Lead: Re: Saturday');
    expect(m.text).toContain('Pat Lead replied by e-mail (with 2 attachments):\n\nGreat\n');
  });

  it('a long message is cut to its start; an MMS without words says so', () => {
    const long = replyNoticeMail('a@b.test', facts({ body: 'x'.repeat(2000) }));
    expect(long.text).toContain(`${'x'.repeat(MAIL_EXCERPT - 1)}…`);
    expect(long.text).not.toContain('x'.repeat(MAIL_EXCERPT));
    expect(replyNoticeText('2065550100', facts({ body: '', attachments: 1 })).body).toBe(
      `Pat Lead replied by text (with a picture): "(no words)" Answer: ${URL}`,
    );
  });

  it('a text: one line, the start of the words, the link', () => {
    const t = replyNoticeText('2065550100', facts({ body: `Hello\n\nthere ${'y'.repeat(300)}` }));
    expect(t.to).toBe('2065550100');
    expect(t.mediaUrl).toBeNull();
    expect(t.body).toMatch(/^Pat Lead replied by text: "Hello there y+…" Answer: https:\/\/porchlight\.test\/dashboard\?lead=/);
    expect(t.body.length).toBeLessThan(220);
  });
});
