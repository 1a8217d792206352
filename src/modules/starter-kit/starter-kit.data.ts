import type { StarterPlan, StarterTemplate } from '../../contract/starter-kit';

/**
 * The starter kit: four action plans and the e-mail templates they send, written as a brokerage
 * sends them. Waits are business days (the plan runner's rule). Triggers are tags and stages an
 * agent sets, never "every new lead": a copied plan should not start mailing the whole office's
 * new leads before the broker has read it. Keys are stable: an office's copies are found by them.
 */
export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  {
    key: 'buyer-welcome',
    name: 'Buyer: welcome',
    subject: '{first_name}, your home search with {site_name}',
    body: `Hi {first_name},

Thanks for reaching out on {site_name}. I'm {agent_name}, and I'll be your point of contact while you look for your next home.

To send you the right homes (and skip the wrong ones), tell me a little more:
- Which neighborhoods or schools matter most?
- Your price range, and whether you're pre-approved yet
- When you'd like to move

Reply to this e-mail or call me at {agent_phone}. Homes that fit you tend to go quickly, so I'll watch for new ones every day.

{agent_name}
{agent_phone}`,
  },
  {
    key: 'buyer-check-in',
    name: 'Buyer: quick check-in',
    subject: 'Any homes catch your eye, {first_name}?',
    body: `Hi {first_name},

I wanted to check in: have you seen anything on {site_name} you'd like to walk through? I can usually set up a private showing within a day or two, including evenings and weekends.

If nothing's quite right yet, tell me what's missing and I'll adjust your search.

{agent_name}
{agent_phone}`,
  },
  {
    key: 'buyer-pre-approval',
    name: 'Buyer: pre-approval and first tours',
    subject: 'Getting ready to make an offer',
    body: `Hi {first_name},

When the right home comes up, sellers look first at buyers who are pre-approved. If you haven't been pre-approved yet, I'm glad to introduce you to a couple of local lenders who answer quickly; it costs nothing and doesn't commit you.

In the meantime, I'm happy to show you a few homes so we can sharpen what you're looking for. Just reply with a day that suits you.

{agent_name}
{agent_phone}`,
  },
  {
    key: 'seller-welcome',
    name: "Seller: what's my home worth",
    subject: "{first_name}, let's find out what your home is worth",
    body: `Hi {first_name},

Thanks for asking about your home's value on {site_name}. Online estimates can be off by tens of thousands, so I'd like to prepare a market analysis based on the homes that actually sold near you in the last few months.

It takes me about 20 minutes to walk through a home and note what buyers will pay for. When would suit you this week?

{agent_name}
{agent_phone}`,
  },
  {
    key: 'seller-market-analysis',
    name: 'Seller: market analysis follow-up',
    subject: 'Recent sales near you',
    body: `Hi {first_name},

I've been watching the sales near you. A few homes like yours sold recently, and buyers are still asking about your area.

Whether you're selling this season or just planning, I can put together a price range and a short list of what would add the most value before listing. Reply here or call {agent_phone}, whichever is easier.

{agent_name}`,
  },
  {
    key: 'open-house-thanks',
    name: 'Open house: thank you',
    subject: 'Thanks for stopping by {listing_address}',
    body: `Hi {first_name},

Thank you for visiting the open house at {listing_address}. What did you think? I'm happy to answer questions about the home, the neighborhood or the offers we expect.

If it wasn't quite the one, tell me what you'd change and I'll send you homes that fit better.

{agent_name}
{agent_phone}`,
  },
  {
    key: 'open-house-still-looking',
    name: 'Open house: still looking?',
    subject: 'Still looking for the right home, {first_name}?',
    body: `Hi {first_name},

A few days ago you visited one of our open houses. Are you still looking? I can set up a search on {site_name} that e-mails you new homes the day they're listed, and show you any of them privately.

{agent_name}
{agent_phone}`,
  },
  {
    key: 'nurture-check-in',
    name: 'Nurture: checking in',
    subject: 'Checking in, {first_name}',
    body: `Hi {first_name},

It's been a little while, so I wanted to check in. Are your plans still the same, or has anything changed?

No pressure at all: whenever you're ready to take the next step, I'm here. And if a friend or family member is thinking of buying or selling, I'd be glad to help them too.

{agent_name}
{agent_phone}`,
  },
  {
    key: 'nurture-market-update',
    name: 'Nurture: market update',
    subject: 'What the market is doing',
    body: `Hi {first_name},

A quick note on the local market: prices, how fast homes are selling and how much room there is to negotiate keep moving. If you'd like the numbers for your neighborhood, reply and I'll send them over; it takes me a few minutes.

You can always browse what's for sale on {site_name}.

{agent_name}
{agent_phone}`,
  },
];

const none = { condition: null } as const;

export const STARTER_PLANS: readonly StarterPlan[] = [
  {
    key: 'new-buyer-lead',
    name: 'New buyer lead',
    summary:
      'Speed to lead for a buyer: a welcome e-mail and text at once, two call attempts, then a check-in and a pre-approval note over the first two weeks.',
    triggers: [{ kind: 'tag-added', tag: 'buyer' }],
    steps: [
      { kind: 'email', templateKey: 'buyer-welcome', ...none },
      {
        kind: 'text',
        body: "Hi {first_name}, it's {agent_name} from {site_name}. Thanks for your interest! When is a good time for a quick call about your home search?",
        ...none,
      },
      { kind: 'task', title: 'Call the new buyer lead', taskType: 'call', dueInDays: 0, ...none },
      { kind: 'wait', amount: 1, unit: 'days', ...none },
      { kind: 'task', title: 'Second call attempt; leave a voicemail', taskType: 'call', dueInDays: 0, condition: { kind: 'stage-is', stage: 'New' } },
      { kind: 'wait', amount: 2, unit: 'days', ...none },
      { kind: 'email', templateKey: 'buyer-check-in', ...none },
      { kind: 'wait', amount: 4, unit: 'days', ...none },
      { kind: 'email', templateKey: 'buyer-pre-approval', ...none },
      { kind: 'task', title: 'Follow up: pre-approval and showings', taskType: 'follow-up', dueInDays: 1, ...none },
    ],
  },
  {
    key: 'new-seller-lead',
    name: 'New seller lead',
    summary:
      'For a home owner who asked what their home is worth: an offer of a market analysis at once, a call, and a follow-up with recent sales a week later.',
    triggers: [{ kind: 'tag-added', tag: 'seller' }],
    steps: [
      { kind: 'email', templateKey: 'seller-welcome', ...none },
      { kind: 'task', title: 'Call the seller lead to book a walk-through', taskType: 'call', dueInDays: 0, ...none },
      { kind: 'wait', amount: 2, unit: 'days', ...none },
      {
        kind: 'text',
        body: 'Hi {first_name}, {agent_name} here. I can prepare a free market analysis of your home this week. What day works for a 20-minute visit?',
        ...none,
      },
      { kind: 'wait', amount: 5, unit: 'days', ...none },
      { kind: 'email', templateKey: 'seller-market-analysis', ...none },
      { kind: 'task', title: 'Prepare a market analysis (CMA)', taskType: 'other', dueInDays: 2, ...none },
    ],
  },
  {
    key: 'open-house-follow-up',
    name: 'Open house follow-up',
    summary: 'For visitors signed in at an open house: a thank-you the same day, a call, and a "still looking?" note three days later.',
    triggers: [{ kind: 'tag-added', tag: 'open house' }],
    steps: [
      { kind: 'email', templateKey: 'open-house-thanks', ...none },
      { kind: 'task', title: 'Call the open house visitor', taskType: 'call', dueInDays: 1, ...none },
      { kind: 'wait', amount: 3, unit: 'days', ...none },
      { kind: 'email', templateKey: 'open-house-still-looking', ...none },
      { kind: 'add-tag', tag: 'buyer', condition: { kind: 'opened-alert' } },
    ],
  },
  {
    key: 'long-term-nurture',
    name: 'Long-term nurture',
    summary: 'For leads moved to Nurture: a check-in about every month and a market update in between, with a call every quarter, for about six months.',
    triggers: [{ kind: 'stage-changed', stage: 'Nurture' }],
    steps: [
      { kind: 'email', templateKey: 'nurture-check-in', ...none },
      { kind: 'wait', amount: 20, unit: 'days', ...none },
      { kind: 'email', templateKey: 'nurture-market-update', ...none },
      { kind: 'wait', amount: 20, unit: 'days', ...none },
      { kind: 'email', templateKey: 'nurture-check-in', ...none },
      { kind: 'task', title: 'Quarterly call: are their plans still the same?', taskType: 'call', dueInDays: 3, ...none },
      { kind: 'wait', amount: 20, unit: 'days', ...none },
      { kind: 'email', templateKey: 'nurture-market-update', ...none },
      { kind: 'wait', amount: 20, unit: 'days', ...none },
      { kind: 'email', templateKey: 'nurture-check-in', ...none },
      { kind: 'wait', amount: 20, unit: 'days', ...none },
      { kind: 'email', templateKey: 'nurture-market-update', ...none },
      { kind: 'task', title: 'Six-month call: move to Active or keep nurturing', taskType: 'call', dueInDays: 3, ...none },
    ],
  },
];
