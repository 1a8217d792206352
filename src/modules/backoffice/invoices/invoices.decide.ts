import { conflict, notFound, validation } from '../../../shared/errors';
import { type AccountAdmin, type Invoice, owedCents } from '../account-admin';
import type { BackofficeEvent, PaymentMethod } from '../backoffice.events';
import { requireReason, requireText } from '../reason';

type Base = { readonly userId: string; readonly reason: string };
type OnInvoice = Base & { readonly invoiceId: string };

const MAX_CENTS = 100_000_000_00;

function amount(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > MAX_CENTS) throw validation('Please enter an amount greater than zero');
  return cents;
}

function invoiceOf(s: AccountAdmin, invoiceId: string): Invoice {
  const i = s.invoices.find((x) => x.invoiceId === invoiceId);
  if (!i) throw notFound('No such invoice on this account');
  return i;
}

/** Payments, credits and write-offs only apply to what is still owed on a live invoice. */
function owing(s: AccountAdmin, invoiceId: string): Invoice {
  const i = invoiceOf(s, invoiceId);
  if (i.status === 'void' || i.status === 'written-off') throw conflict(`This invoice is ${i.status === 'void' ? 'void' : 'written off'}`);
  if (owedCents(i) === 0) throw conflict('Nothing is owed on this invoice');
  return i;
}

export function decideIssueInvoice(
  c: Base & { readonly invoiceId: string; readonly amountCents: number; readonly description: string; readonly dueOn: string },
  s: AccountAdmin,
): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  const number = `INV-${String(s.invoices.length + 1).padStart(4, '0')}`;
  const description = requireText(c.description, 'a description');
  return [
    {
      type: 'InvoiceIssued',
      data: { userId: c.userId, invoiceId: c.invoiceId, number, amountCents: amount(c.amountCents), description, dueOn: c.dueOn, reason },
    },
  ];
}

export function decideRecordPayment(c: OnInvoice & { readonly amountCents: number; readonly method: PaymentMethod }, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  const i = owing(s, c.invoiceId);
  if (amount(c.amountCents) > owedCents(i)) throw validation('The payment is more than what is owed');
  return [{ type: 'InvoicePaymentRecorded', data: { userId: c.userId, invoiceId: c.invoiceId, amountCents: c.amountCents, method: c.method, reason } }];
}

export function decideVoidInvoice(c: OnInvoice, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  const i = invoiceOf(s, c.invoiceId);
  if (i.status === 'void') throw conflict('This invoice is already void');
  if (i.paidCents > 0) throw conflict('A paid invoice cannot be voided; credit it instead');
  return [{ type: 'InvoiceVoided', data: { userId: c.userId, invoiceId: c.invoiceId, reason } }];
}

export function decideDisputeInvoice(c: OnInvoice, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  const i = invoiceOf(s, c.invoiceId);
  if (i.status !== 'open' && i.status !== 'paid') throw conflict(`A ${i.status} invoice cannot be disputed`);
  return [{ type: 'InvoiceDisputed', data: { userId: c.userId, invoiceId: c.invoiceId, reason } }];
}

export function decideCreditInvoice(c: OnInvoice & { readonly amountCents: number }, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  const i = owing(s, c.invoiceId);
  if (amount(c.amountCents) > owedCents(i)) throw validation('The credit is more than what is owed');
  return [{ type: 'InvoiceCredited', data: { userId: c.userId, invoiceId: c.invoiceId, amountCents: c.amountCents, reason } }];
}

export function decideWriteOffInvoice(c: OnInvoice, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  const i = owing(s, c.invoiceId);
  return [{ type: 'InvoiceWrittenOff', data: { userId: c.userId, invoiceId: c.invoiceId, amountCents: owedCents(i), reason } }];
}

export function decideEmailInvoice(c: OnInvoice & { readonly to: string }, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  if (invoiceOf(s, c.invoiceId).status === 'void') throw conflict('A void invoice is not sent');
  return [{ type: 'InvoiceEmailed', data: { userId: c.userId, invoiceId: c.invoiceId, to: c.to, reason } }];
}

export function decideAddInvoiceNote(c: OnInvoice & { readonly text: string }, s: AccountAdmin): BackofficeEvent[] {
  const reason = requireReason(c.reason);
  invoiceOf(s, c.invoiceId);
  return [{ type: 'InvoiceNoteAdded', data: { userId: c.userId, invoiceId: c.invoiceId, text: requireText(c.text, 'a note'), reason } }];
}
