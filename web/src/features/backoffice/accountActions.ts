import type { Invoice } from '../../api/backoffice';

/** A field of an action's dialog; the reason field is always added. */
export type ActionField =
  | { readonly name: string; readonly label: string; readonly kind: 'text' | 'textarea' | 'date'; readonly required?: boolean; readonly hint?: string }
  | { readonly name: string; readonly label: string; readonly kind: 'select'; readonly options: readonly (readonly [string, string])[]; readonly required?: boolean }
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
  /** The path under /api/backoffice and the body, from the dialog's values. */
  readonly request: (userId: string, v: Readonly<Record<string, string>>) => { path: string; body: Record<string, unknown> };
  readonly danger?: boolean;
};

export type ActionGroup = { readonly name: string; readonly actions: readonly ActionDef[] };

const cents = (v: string | undefined) => Math.round(Number((v ?? '').replace(/[$,\s]/g, '')) * 100);
const same = (id: string, label: string, title: string, path: string, fields: readonly ActionField[] = [], danger = false): ActionDef => ({
  id,
  label,
  title,
  fields,
  danger,
  request: (userId, v) => ({ path: path.replace(':u', userId), body: { ...Object.fromEntries(fields.map((f) => [f.name, v[f.name] ?? ''])), reason: v.reason } }),
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
      same('note', 'Add note', 'Add a note', 'accounts/:u/notes', [{ name: 'text', label: 'Note', kind: 'textarea', required: true }]),
      {
        id: 'merge',
        label: 'Merge into…',
        title: 'Merge this account into another',
        fields: [{ name: 'survivorId', label: 'Account to keep', kind: 'member', required: true }],
        request: (userId, v) => ({ path: 'accounts/merge', body: { survivorId: v.survivorId, mergedId: userId, reason: v.reason } }),
        danger: true,
      },
      {
        id: 'link',
        label: 'Link…',
        title: 'Link this account to another',
        fields: [
          { name: 'otherUserId', label: 'Other account', kind: 'member', required: true },
          { name: 'relation', label: 'Relation', kind: 'select', options: [['same-person', 'Same person'], ['team', 'Team'], ['household', 'Household'], ['referral', 'Referral']] },
        ],
        request: (userId, v) => ({ path: 'accounts/link', body: { userId, otherUserId: v.otherUserId, relation: v.relation || 'same-person', reason: v.reason } }),
      },
    ],
  },
  {
    // Issue 18: the person's data forgotten for good (keys destroyed); the history keeps the events.
    name: 'Privacy',
    actions: [same('erase', 'Erase personal data…', "Erase this person's personal data for good", 'accounts/:u/erase', [], true)],
  },
  {
    name: 'Churn',
    actions: [
      same('offboarding', 'Start offboarding', 'Start offboarding', 'churn/:u/offboarding', [], true),
      same('quit', 'Quit request', 'Record a quit request', 'churn/:u/quitrequest', [
        {
          name: 'quitReason',
          label: 'Why they quit',
          kind: 'select',
          options: [['price', 'Price'], ['results', 'Results'], ['switching-provider', 'Switching provider'], ['leaving-industry', 'Leaving the industry'], ['service', 'Service'], ['other', 'Other']],
          required: true,
        },
      ]),
      same('lock', 'Lock platform', 'Lock the platform', 'churn/:u/platformlock', [], true),
      same('unlock', 'Unlock platform', 'Unlock the platform', 'churn/:u/platformunlock'),
      {
        id: 'pause',
        label: 'Pause marketing',
        title: 'Pause marketing',
        fields: [{ name: 'until', label: 'Until (optional)', kind: 'date' }],
        request: (userId, v) => ({ path: `churn/${userId}/pausemarketing`, body: { until: v.until || null, reason: v.reason } }),
      },
      same('resume', 'Resume marketing', 'Resume marketing', 'churn/:u/resumemarketing'),
      same('domain', 'Restore domain', 'Restore a domain', 'churn/:u/restoredomain', [{ name: 'domain', label: 'Domain', kind: 'text', required: true, hint: 'e.g. blairhomes.com' }]),
    ],
  },
  {
    name: 'Onboarding',
    actions: [
      same('launch', 'Launch site', 'Launch a site', 'onboarding/:u/launchsite', [{ name: 'siteId', label: 'Site', kind: 'select', options: [], required: true }]),
      same('status', 'Set status', 'Set the onboarding status', 'onboarding/:u/setstatus', [
        { name: 'status', label: 'Status', kind: 'select', options: [['new', 'New'], ['in-progress', 'In progress'], ['waiting-on-client', 'Waiting on client'], ['launched', 'Launched'], ['on-hold', 'On hold']], required: true },
      ]),
      {
        id: 'dns',
        label: 'DNS records',
        title: 'Record DNS records',
        fields: [
          { name: 'domain', label: 'Domain', kind: 'text', required: true },
          { name: 'records', label: 'Records (TYPE NAME VALUE per line)', kind: 'dns', required: true },
        ],
        request: (userId, v) => ({ path: `onboarding/${userId}/dnsrecords`, body: { domain: v.domain, records: parseDnsRecords(v.records ?? ''), reason: v.reason } }),
      },
      same('terms', 'Terms', 'Record accepted terms', 'onboarding/:u/terms', [
        { name: 'termsVersion', label: 'Terms version', kind: 'text', required: true },
        { name: 'acceptedOn', label: 'Accepted on', kind: 'date', required: true },
      ]),
      same('welcome', 'Welcome e-mail', 'Send the welcome e-mail', 'onboarding/:u/welcomeemail'),
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
        request: (userId, v) => ({ path: `invoice/${userId}`, body: { description: v.description, amountCents: cents(v.amount), dueOn: v.dueOn, reason: v.reason } }),
      },
    ],
  },
];

/** The actions on one invoice (the Record tab lists them beside it). */
export function invoiceActions(invoice: Invoice): ActionDef[] {
  const on = (id: string, label: string, title: string, fields: readonly ActionField[], body: (v: Readonly<Record<string, string>>) => Record<string, unknown>, danger = false): ActionDef => ({
    id,
    label,
    title: `${title} (${invoice.number})`,
    fields,
    danger,
    request: (userId, v) => ({ path: `invoice/${userId}/${invoice.invoiceId}/${id}`, body: { ...body(v), reason: v.reason } }),
  });
  return [
    on('payment', 'Payment', 'Record a payment', [
      { name: 'amount', label: 'Amount (USD)', kind: 'money', required: true },
      { name: 'method', label: 'Method', kind: 'select', options: [['card', 'Card'], ['ach', 'ACH'], ['check', 'Check'], ['wire', 'Wire'], ['other', 'Other']], required: true },
    ], (v) => ({ amountCents: cents(v.amount), method: v.method || 'card' })),
    on('credit', 'Credit', 'Credit the invoice', [{ name: 'amount', label: 'Amount (USD)', kind: 'money', required: true }], (v) => ({ amountCents: cents(v.amount) })),
    on('dispute', 'Dispute', 'Mark as disputed', [], () => ({})),
    on('void', 'Void', 'Void the invoice', [], () => ({}), true),
    on('writeoff', 'Write off', 'Write off what is owed', [], () => ({}), true),
    on('email', 'E-mail', 'E-mail the invoice', [], () => ({})),
    on('notes', 'Note', 'Add a note', [{ name: 'text', label: 'Note', kind: 'textarea', required: true }], (v) => ({ text: v.text })),
  ];
}

/** Undoing a merge or a link names the other account, so these are offered where it is shown. */
export const unmergeAction = (survivorId: string, mergedId: string): ActionDef => ({
  id: 'unmerge',
  label: 'Unmerge',
  title: 'Undo the merge',
  fields: [],
  request: (_u, v) => ({ path: 'accounts/unmerge', body: { survivorId, mergedId, reason: v.reason } }),
});

export const unlinkAction = (otherUserId: string): ActionDef => ({
  id: 'unlink',
  label: 'Unlink',
  title: 'Unlink the accounts',
  fields: [],
  request: (userId, v) => ({ path: 'accounts/unlink', body: { userId, otherUserId, reason: v.reason } }),
});
