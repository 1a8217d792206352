import { describe, expect, it } from 'vitest';
import { HeldAddresses, HoldingMailer, Mailer, type MailMessage, MailHeldBack } from './mailer.port';

/** The relay as far as this test needs it: what reached it. */
class Relay extends Mailer {
  readonly sent: string[] = [];
  async send(m: MailMessage): Promise<void> {
    this.sent.push(m.to);
  }
}

/** Delivery reports that say one address complained. */
class Complained extends HeldAddresses {
  async reasonToHold(m: MailMessage): Promise<string | null> {
    return m.to === 'gone@example.com' ? 'gone@example.com complained' : null;
  }
}

const lead = { leadId: '00000000-0000-4000-8000-000000000001', messageId: 'm1' };
const mail = (to: string, extra: Partial<MailMessage> = {}): MailMessage => ({ to, subject: 'Hi', text: 'Hello', ...extra });

describe('the one mail path (HoldingMailer)', () => {
  it('holds back what the held addresses refuse, before the sender’s own reason; mail the person asked for goes anyway', async () => {
    const relay = new Relay();
    const mailer = new HoldingMailer(relay, new Complained());
    await expect(mailer.send(mail('gone@example.com'))).rejects.toEqual(new MailHeldBack('gone@example.com complained'));
    await mailer.send(mail('gone@example.com', { requested: true }));
    await mailer.send(mail('ok@example.com'));
    expect(relay.sent).toEqual(['gone@example.com', 'ok@example.com']);
  });

  it('without held addresses, holds back only on the sender’s own reason', async () => {
    const relay = new Relay();
    const mailer = new HoldingMailer(relay, null);
    await expect(mailer.send(mail('a@example.com', { lead: { ...lead, withheld: 'E-mail is off for this lead' } }))).rejects.toThrow(MailHeldBack);
    await mailer.send(mail('a@example.com', { lead, requested: true }));
    await mailer.send(mail('b@example.com', { lead }));
    expect(relay.sent).toEqual(['a@example.com', 'b@example.com']);
  });
});
