import type { CommandBus } from '@nestjs/cqrs';
import { systemContext } from '../commands/command-context';
import { beginStream } from '../commands/decide-and-append';
import type { EventStore } from '../eventstore/event-store.port';
import { toNewEvents } from '../modules/accounts';
import { agentProfileStream } from '../modules/office';
import { type InquiryResult, SubmitInquiryCommand } from '../modules/leads';
import { AppError } from '../shared/errors';
import { DEMO_SITES, DEMO_USERS } from './demo-accounts';
import { DEMO_AGENT_MLS_IDS } from './listings';

const HOUR = 3_600_000;

/** Inquiries of the demo: new visitors on both sites and the demo lead, a little spread in time. */
const DEMO_INQUIRIES: readonly {
  site: string;
  fullName: string;
  email: string;
  phone: string;
  leadType: string;
  message: string;
  hoursAgo: number;
  as?: string;
}[] = [
  {
    site: 'demo',
    fullName: 'Maria Lopez',
    email: 'maria.lopez@example.com',
    phone: '2065550142',
    leadType: 'Buyer',
    message: 'We are relocating to Seattle in the spring and would like to see 3-bedroom homes near good schools.',
    hoursAgo: 70,
  },
  {
    site: 'demo',
    fullName: 'Tom Becker',
    email: 'tom.becker@example.com',
    phone: '9165550188',
    leadType: 'Seller',
    message: 'Thinking of selling our townhouse in Sacramento. What could it be worth?',
    hoursAgo: 26,
  },
  {
    site: 'demo',
    fullName: 'Priya Nair',
    email: 'priya.nair@example.com',
    phone: '4255550117',
    leadType: 'Buyer',
    message: 'Is the home on Maple still available? Could we tour it this weekend?',
    hoursAgo: 5,
  },
  {
    site: 'demo',
    fullName: 'Lee Lead',
    email: 'lead@demo.test',
    phone: '2065550100',
    leadType: 'Buyer',
    message: 'Please send me new condos under $600k.',
    hoursAgo: 2,
    as: 'lead',
  },
  {
    site: 'jane',
    fullName: 'Chris Young',
    email: 'chris.young@example.com',
    phone: '2535550163',
    leadType: 'Buyer',
    message: 'First-time buyer, pre-approved. Looking in Tacoma and Federal Way.',
    hoursAgo: 30,
  },
  {
    site: 'jane',
    fullName: 'Dana Whitfield',
    email: 'dana.whitfield@example.com',
    phone: '3605550171',
    leadType: 'Referral',
    message: 'My sister is moving to the area and asked me to reach out.',
    hoursAgo: 1,
  },
];

const DEMO_BIOS: Record<string, string> = {
  agent:
    'Jane has helped more than 200 families buy and sell homes across King and Pierce counties since 2011. A former schoolteacher, she explains every step in plain words, answers the same day, and negotiates hard for her clients. Outside work she coaches youth soccer and knows which neighbourhoods have the best parks, bakeries and commutes.',
  agent2:
    'Alex specialises in condos and first homes in Sacramento and Seattle. Data-minded and patient, Alex will run the numbers with you, walk you through inspections and make sure nothing surprises you at closing.',
};

/**
 * Demo leads through the same inquiry command users trigger, so routing assigns them by the
 * rules once projections run (round robin on `demo`, Jane on `jane`); and the agents' bios and
 * MLS ids (the demo listings that name them are theirs in "My listings").
 * Each step skips what already exists (a start killed half-way finishes the job).
 */
export async function seedDemoLeads(store: EventStore, commands: CommandBus): Promise<void> {
  const now = Date.now();
  for (const q of DEMO_INQUIRIES) {
    const site = DEMO_SITES.find((s) => s.key === q.site)!;
    const ctx = systemContext(new Date(now - q.hoursAgo * HOUR), site.siteId);
    const as = q.as ? DEMO_USERS.find((u) => u.key === q.as)!.userId : null;
    await skipConflict(
      commands.execute<SubmitInquiryCommand, InquiryResult>(
        new SubmitInquiryCommand(
          {
            siteId: site.siteId,
            listingPdid: null,
            leadType: q.leadType,
            fullName: q.fullName,
            email: q.email,
            phone: q.phone,
            message: q.message,
            resumeUrl: null,
            firstTouch: { src: q.hoursAgo > 24 ? 'zillow' : null, referrer: null, at: ctx.now.toISOString() },
          },
          site,
          as,
          { ...ctx, actorId: as },
        ),
      ),
    );
  }
  for (const [key, bio] of Object.entries(DEMO_BIOS)) {
    const agentId = DEMO_USERS.find((u) => u.key === key)!.userId;
    const mlsId = DEMO_AGENT_MLS_IDS[key as keyof typeof DEMO_AGENT_MLS_IDS];
    const events = [
      { type: 'AgentBioChanged', data: { agentId, bio } },
      { type: 'AgentMlsIdChanged', data: { agentId, mlsId } },
    ];
    await beginStream(store, agentProfileStream(agentId), toNewEvents(events, { ...systemContext(), actorId: agentId }));
  }
}

async function skipConflict(done: Promise<unknown>): Promise<void> {
  try {
    await done;
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'conflict')) throw err;
  }
}

export const DEMO_LEAD_COUNT = DEMO_INQUIRIES.length;
