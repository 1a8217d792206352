import type { ActionResult, Invoice } from '../../api/backoffice';
import { api, type CallInput } from '../../api/contract-client';
import type { Route } from '../../../../src/contract/route';
import { contract } from '../../../../src/contract/routes';
import type { ActionResultSchema } from '../../../../src/contract/routes/account-action';

/** A route of the contract answering an account action's result. */
type ActionRoute = Route & { readonly responses: { readonly 200: typeof ActionResultSchema } };

/** One call of an action: the route it names and what it sends; `send` makes it and says what was recorded. */
export type ActionCall = { readonly operationId: string; readonly input: unknown; readonly send: () => Promise<string> };

/** A call built from a dialog's loose values (the server checks every field again). */
const loose = (route: ActionRoute, input: { readonly params?: Record<string, string>; readonly body: Record<string, unknown> }): ActionCall => ({
  operationId: route.operationId,
  input,
  send: async () => {
    const result = await (api as (r: Route, i: unknown) => Promise<ActionResult>)(route, input);
    return `Recorded: ${result.events.join(', ')}`;
  },
});
const recorded = <R extends ActionRoute>(route: R, input: CallInput<R>): ActionCall => loose(route, input as never);

/** A field of an action's dialog; the reason field is always added. */
export type ActionField =
  | { readonly name: string; readonly label: string; readonly kind: 'text' | 'textarea' | 'date'; readonly required?: boolean; readonly hint?: string }
  | {
      readonly name: string;
      readonly label: string;
      readonly kind: 'select';
      readonly options: readonly (readonly [string, string])[];
      readonly required?: boolean;
    }
  | { readonly name: string; readonly label: string; readonly kind: 'money'; readonly required?: boolean }
  /** Another account, picked by search. */
  | { readonly name: string; readonly label: string; readonly kind: 'member'; readonly required?: boolean }
  /** 'TYPE NAME VALUE' per line. */
  | { readonly name: string; readonly label: string; readonly kind: 'dns'; readonly required?: boolean };

export type ActionDef = {
  readonly id: string;
  readonly label: string;
  readonly title: string;
  readonly fields: readonly ActionField[];
  /** The call, from the dialog's values. */
  readonly request: (userId: string, v: Readonly<Record<string, string>>) => ActionCall;
  readonly danger?: boolean;
};

export type ActionGroup = { readonly name: string; readonly actions: readonly ActionDef[] };

const cents = (v: string | undefined) => Math.round(Number((v ?? '').replace(/[$,\s]/g, '')) * 100);
/** An action on the account whose body is its fields as typed, and the reason. */
const same = (id: string, label: string, title: string, route: ActionRoute, fields: readonly ActionField[] = [], danger = false): ActionDef => ({
  id,
  label,
  title,
  fields,
  danger,
  request: (userId, v) => loose(route, { params: { userId }, body: { ...Object.fromEntries(fields.map((f) => [f.name, v[f.name] ?? ''])), reason: v.reason } }),
});

export function parseDnsRecords(text: string): { type: string; name: string; value: string }[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [type = '', name = '', ...value] = l.split(/\s+/);
      return { type: type.toUpperCase(), name, value: value.join(' ') };
    });
}

/** Every account action of the spec's families, grouped as the account page shows them. */
export const ACTION_GROUPS: readonly ActionGroup[] = [
  {
    name: 'Account',
    actions: [
      same('note', 'Add note', 'Add a note', contract.accountActions.note, [{ name: 'text', label: 'Note', kind: 'textarea', required: true }]),
      {
        id: 'merge',
        label: 'Merge into…',
        title: 'Merge this account into another',
        fields: [{ name: 'survivorId', label: 'Account to keep', kind: 'member', required: true }],
        request: (userId, v) => recorded(contract.accountActions.merge, { body: { survivorId: v.survivorId ?? '', mergedId: userId, reason: v.reason ?? '' } }),
        danger: true,
      },
      {
        id: 'link',
        label: 'Link…',
        title: 'Link this account to another',
        fields: [
          { name: 'otherUserId', label: 'Other account', kind: 'member', required: true },
          {
            name: 'relation',
            label: 'Relation',
            kind: 'select',
            options: [
              ['same-person', 'Same person'],
              ['team', 'Team'],
              ['household', 'Household'],
              ['referral', 'Referral'],
            ],
          },
        ],
        request: (userId, v) =>
          loose(contract.accountActions.link, { body: { userId, otherUserId: v.otherUserId, relation: v.relation || 'same-person', reason: v.reason } }),
      },
    ],
  },
  {
    // Issue 18: the person's data forgotten for good (keys destroyed); the history keeps the events.
    name: 'Privacy',
    actions: [
      {
        id: 'erase',
        label: 'Erase personal data…',
        title: "Erase this person's personal data for good",
        fields: [],
        danger: true,
        // The erasure answers when it was done, not the events an account action recorded.
        request: (userId, v) => {
          const input = { params: { userId }, body: { reason: v.reason } };
          return {
            operationId: contract.privacy.eraseAccount.operationId,
            input,
            send: () => api(contract.privacy.eraseAccount, input).then(() => 'Personal data erased'),
          };
        },
      },
    ],
  },
  {
    name: 'Churn',
    actions: [
      same('offboarding', 'Start offboarding', 'Start offboarding', contract.churn.offboarding, [], true),
      same('quit', 'Quit request', 'Record a quit request', contract.churn.quitRequest, [
        {
          name: 'quitReason',
          label: 'Why they quit',
          kind: 'select',
          options: [
            ['price', 'Price'],
            ['results', 'Results'],
            ['switching-provider', 'Switching provider'],
            ['leaving-industry', 'Leaving the industry'],
            ['service', 'Service'],
            ['other', 'Other'],
          ],
          required: true,
        },
      ]),
      same('lock', 'Lock platform', 'Lock the platform', contract.churn.lock, [], true),
      same('unlock', 'Unlock platform', 'Unlock the platform', contract.churn.unlock),
      {
        id: 'pause',
        label: 'Pause marketing',
        title: 'Pause marketing',
        fields: [{ name: 'until', label: 'Until (optional)', kind: 'date' }],
        request: (userId, v) => recorded(contract.churn.pauseMarketing, { params: { userId }, body: { until: v.until || null, reason: v.reason ?? '' } }),
      },
      same('resume', 'Resume marketing', 'Resume marketing', contract.churn.resumeMarketing),
      same('domain', 'Restore domain', 'Restore a domain', contract.churn.restoreDomain, [
        { name: 'domain', label: 'Domain', kind: 'text', required: true, hint: 'e.g. blairhomes.com' },
      ]),
    ],
  },
  {
    name: 'Onboarding',
    actions: [
      same('launch', 'Launch site', 'Launch a site', contract.onboarding.launchSite, [
        { name: 'siteId', label: 'Site', kind: 'select', options: [], required: true },
      ]),
      same('status', 'Set status', 'Set the onboarding status', contract.onboarding.setStatus, [
        {
          name: 'status',
          label: 'Status',
          kind: 'select',
          options: [
            ['new', 'New'],
            ['in-progress', 'In progress'],
            ['waiting-on-client', 'Waiting on client'],
            ['launched', 'Launched'],
            ['on-hold', 'On hold'],
          ],
          required: true,
        },
      ]),
      {
        id: 'dns',
        label: 'DNS records',
        title: 'Record DNS records',
        fields: [
          { name: 'domain', label: 'Domain', kind: 'text', required: true },
          { name: 'records', label: 'Records (TYPE NAME VALUE per line)', kind: 'dns', required: true },
        ],
        request: (userId, v) =>
          loose(contract.onboarding.dnsRecords, {
            params: { userId },
            body: { domain: v.domain, records: parseDnsRecords(v.records ?? ''), reason: v.reason },
          }),
      },
      same('terms', 'Terms', 'Record accepted terms', contract.onboarding.terms, [
        { name: 'termsVersion', label: 'Terms version', kind: 'text', required: true },
        { name: 'acceptedOn', label: 'Accepted on', kind: 'date', required: true },
      ]),
      same('welcome', 'Welcome e-mail', 'Send the welcome e-mail', contract.onboarding.welcomeEmail),
    ],
  },
  {
    name: 'Invoices',
    actions: [
      {
        id: 'issue',
        label: 'Issue invoice',
        title: 'Issue an invoice',
        fields: [
          { name: 'description', label: 'Description', kind: 'text', required: true },
          { name: 'amount', label: 'Amount (USD)', kind: 'money', required: true },
          { name: 'dueOn', label: 'Due on', kind: 'date', required: true },
        ],
        request: (userId, v) =>
          recorded(contract.invoices.issue, {
            params: { userId },
            body: { description: v.description ?? '', amountCents: cents(v.amount), dueOn: v.dueOn ?? '', reason: v.reason ?? '' },
          }),
      },
    ],
  },
];

/** The actions on one invoice (the Record tab lists them beside it). */
export function invoiceActions(invoice: Invoice): ActionDef[] {
  const on = (
    route: ActionRoute,
    id: string,
    label: string,
    title: string,
    fields: readonly ActionField[],
    body: (v: Readonly<Record<string, string>>) => Record<string, unknown>,
    danger = false,
  ): ActionDef => ({
    id,
    label,
    title: `${title} (${invoice.number})`,
    fields,
    danger,
    request: (userId, v) => loose(route, { params: { userId, invoiceId: invoice.invoiceId }, body: { ...body(v), reason: v.reason } }),
  });
  const routes = contract.invoices;
  return [
    on(
      routes.payment,
      'payment',
      'Payment',
      'Record a payment',
      [
        { name: 'amount', label: 'Amount (USD)', kind: 'money', required: true },
        {
          name: 'method',
          label: 'Method',
          kind: 'select',
          options: [
            ['card', 'Card'],
            ['ach', 'ACH'],
            ['check', 'Check'],
            ['wire', 'Wire'],
            ['other', 'Other'],
          ],
          required: true,
        },
      ],
      (v) => ({ amountCents: cents(v.amount), method: v.method || 'card' }),
    ),
    on(routes.credit, 'credit', 'Credit', 'Credit the invoice', [{ name: 'amount', label: 'Amount (USD)', kind: 'money', required: true }], (v) => ({
      amountCents: cents(v.amount),
    })),
    on(routes.dispute, 'dispute', 'Dispute', 'Mark as disputed', [], () => ({})),
    on(routes.void, 'void', 'Void', 'Void the invoice', [], () => ({}), true),
    on(routes.writeOff, 'writeoff', 'Write off', 'Write off what is owed', [], () => ({}), true),
    on(routes.email, 'email', 'E-mail', 'E-mail the invoice', [], () => ({})),
    on(routes.note, 'notes', 'Note', 'Add a note', [{ name: 'text', label: 'Note', kind: 'textarea', required: true }], (v) => ({ text: v.text })),
  ];
}

/** Undoing a merge or a link names the other account, so these are offered where it is shown. */
export const unmergeAction = (survivorId: string, mergedId: string): ActionDef => ({
  id: 'unmerge',
  label: 'Unmerge',
  title: 'Undo the merge',
  fields: [],
  request: (_u, v) => recorded(contract.accountActions.unmerge, { body: { survivorId, mergedId, reason: v.reason ?? '' } }),
});

export const unlinkAction = (otherUserId: string): ActionDef => ({
  id: 'unlink',
  label: 'Unlink',
  title: 'Unlink the accounts',
  fields: [],
  request: (userId, v) => recorded(contract.accountActions.unlink, { body: { userId, otherUserId, reason: v.reason ?? '' } }),
});
