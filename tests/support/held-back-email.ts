import type { Started } from '../../src/main';
import { CommunicationLinks, SecretKey } from '../../src/modules/accounts';
import { LeadEmailSender } from '../../src/modules/conversation';
import { OutboxKit } from '../../src/modules/messaging';
import { SiteResolver } from '../../src/modules/sites';
import { mailgunEvent, mailgunSample } from './mailgun-stand-in';

/**
 * An agent's e-mail that waits in the outbox while its address bounces: the server's own sender
 * is stopped (for the rest of the file), and the one answered sends what waits when the test says,
 * after the bounce. The bounce is of other mail to the address (not ours), as an alert's would be.
 */
export async function holdLeadEmails(server: Started): Promise<{ bounce: (address: string) => Promise<void>; sendWaiting: () => Promise<number> }> {
  await server.app.get(LeadEmailSender).onModuleDestroy();
  const sender = new LeadEmailSender(server.app.get(OutboxKit), server.app.get(SiteResolver), server.app.get(CommunicationLinks), server.app.get(SecretKey));
  return {
    bounce: async (address) => {
      const res = await fetch(`${server.url}/api/messaging/email/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(mailgunEvent(mailgunSample('failed-permanent', address, '20180812214658.1.0DF563D0B3597700@example.org'))),
      });
      if (res.status !== 204) throw new Error(`the bounce was refused: ${res.status}`);
    },
    sendWaiting: () => sender.sendPending(),
  };
}
