import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { RegisterUserCommand } from '../../src/modules/accounts';
import { COMMON_PASSWORD } from '../../src/modules/accounts/common-passwords';
import { PASSWORD, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { waitForMail } from '../support/mail-outbox';
import { WebClient } from '../support/web-client';

describe('the most common passwords are refused wherever a password is set', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;

  beforeAll(async () => {
    fixture = await startDashboardServer();
  });
  afterAll(async () => fixture?.stop());

  it('a signed-in change: "Password123" is refused, the old password still works, a rarer one is taken', async () => {
    const lead = await signIn(fixture.server, 'lead@demo.test', 'demo.localhost');
    const common = await lead.post('/api/account/password', { CurrentPassword: PASSWORD, NewPassword: 'Password123' });
    expect(common).toMatchObject({ status: 400, body: { message: COMMON_PASSWORD } });
    expect((await lead.post('/api/account/password', { CurrentPassword: PASSWORD, NewPassword: 'lantern-harbour-42' })).status).toBe(200);
    const again = WebClient.for(fixture.server.url, 'demo.localhost');
    expect((await again.post('/api/account/login', { Email: 'lead@demo.test', password: 'lantern-harbour-42' })).body.isSuccess).toBe(true);
  });

  it('a reset through the mailed link: "iloveyou1" is refused and the link stays good for a rarer one', async () => {
    const visitor = WebClient.for(fixture.server.url, 'demo.localhost');
    expect((await visitor.post('/api/account/forgotpassword', { Email: 'agent2@demo.test' })).status).toBe(200);
    // Agents also get new-lead notices (the demo leads'): the reset e-mail is the one with the link.
    const mail = await waitForMail(fixture.db.pool, 'agent2@demo.test', (m) => /forgotpassword\?token=/.test(m.text));
    const token = decodeURIComponent(/forgotpassword\?token=(\S+)/.exec(mail.text)![1]!);
    expect(await visitor.post('/api/account/resetpassword', { token, password: 'ILoveYou1' })).toMatchObject({
      status: 400,
      body: { message: COMMON_PASSWORD },
    });
    expect((await visitor.post('/api/account/resetpassword', { token, password: 'quiet-meadow-lamp' })).body).toEqual({ isSuccess: true });
  });

  it('registering an account with a password (the seed, the back-office) refuses one on the list too', async () => {
    const commands = fixture.server.app.get(CommandBus);
    const person = {
      userId: randomUUID(),
      email: 'common@example.com',
      firstName: 'Com',
      lastName: 'Mon',
      securityLevel: 10 as const,
      siteId: null,
      officeId: null,
    };
    await expect(commands.execute(new RegisterUserCommand({ ...person, password: 'baseball1' }, systemContext()))).rejects.toThrow(COMMON_PASSWORD);
    await expect(commands.execute(new RegisterUserCommand({ ...person, password: 'porchlight-demo' }, systemContext()))).resolves.toBeDefined();
  });
});
