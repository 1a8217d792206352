import { describe, expect, it } from 'vitest';
import { renderLeadEmail } from './lead-email-mail';

const mail = {
  to: 'nora@example.com',
  subject: 'Your tour of 12 Elm St',
  body: 'Hi Nora,\n\n<b>Three</b> homes:\n- 12 Elm St\n- https://demo.test/listing/A1\n\nJane',
  replyTo: 'reply+abc@reply.demo.test',
  agentName: 'Jane "JJ" Agent',
  siteName: 'Demo Realty',
  unsubscribe: {
    email: 'https://demo.test/?unsubscribe_email=tok&x=1',
    headers: { 'List-Unsubscribe': '<https://demo.test/api/account/unsubscribe/oneclick?token=t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  },
};

describe('the e-mail an agent sends a lead', () => {
  it('text: the body as written, then the signature delimiter, who sent it, how to answer and how to unsubscribe', () => {
    const m = renderLeadEmail(mail);
    expect(m.text).toBe(
      'Hi Nora,\n\n<b>Three</b> homes:\n- 12 Elm St\n- https://demo.test/listing/A1\n\nJane\n\n-- \nJane "JJ" Agent · Demo Realty\nReply to this e-mail to answer Jane "JJ" Agent.\nUnsubscribe from e-mail: https://demo.test/?unsubscribe_email=tok&x=1',
    );
  });

  it('HTML made by our formatter: nothing of the agent’s is markup; links and the footer are escaped', () => {
    const m = renderLeadEmail(mail);
    expect(m.html).toContain('&lt;b&gt;Three&lt;/b&gt; homes:');
    expect(m.html).not.toContain('<b>');
    expect(m.html).toContain('<li><a href="https://demo.test/listing/A1">https://demo.test/listing/A1</a></li>');
    expect(m.html).toContain('Jane &quot;JJ&quot; Agent · Demo Realty');
    expect(m.html).toContain('<a href="https://demo.test/?unsubscribe_email=tok&amp;x=1" style="color:#6b7280">Unsubscribe from e-mail</a>');
  });

  it('replies go to the thread; the one-click unsubscribe headers are on it', () => {
    const m = renderLeadEmail(mail);
    expect(m).toMatchObject({ to: 'nora@example.com', subject: 'Your tour of 12 Elm St', replyTo: 'reply+abc@reply.demo.test' });
    expect(m.headers).toEqual(mail.unsubscribe.headers);
  });
});
