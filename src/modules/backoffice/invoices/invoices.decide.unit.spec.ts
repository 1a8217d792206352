import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { evolveAccountAdmin, initialAccountAdmin, owedCents } from '../account-admin';
import type { BackofficeEvent } from '../backoffice.events';
import {
  decideCreditInvoice,
  decideDisputeInvoice,
  decideIssueInvoice,
  decideRecordPayment,
  decideVoidInvoice,
  decideWriteOffInvoice,
} from './invoices.decide';

const U = '00000000-0000-4000-8000-00000000000a';
const issued = (amountCents = 10_000) =>
  decideIssueInvoice({ userId: U, invoiceId: 'i1', amountCents, description: 'Plan', dueOn: '2024-07-01', reason: 'billing' }, initialAccountAdmin());
const given = (...events: BackofficeEvent[][]) => events.flat().reduce(evolveAccountAdmin, initialAccountAdmin());
const message = (f: () => unknown) => {
  try {
    f();
    return 'accepted';
  } catch (err) {
    return (err as AppError).message;
  }
};

describe('invoices (given / when / then)', () => {
  it('numbers invoices in order and refuses amounts of zero or less', () => {
    expect(issued()[0]).toMatchObject({ type: 'InvoiceIssued', data: { number: 'INV-0001', amountCents: 10_000 } });
    expect(
      decideIssueInvoice({ userId: U, invoiceId: 'i2', amountCents: 5, description: 'x', dueOn: '2024-07-01', reason: 'r' }, given(issued()))[0],
    ).toMatchObject({ data: { number: 'INV-0002' } });
    expect(message(() => issued(0))).toBe('Please enter an amount greater than zero');
  });

  it('a payment and a credit that cover the amount mark it paid; more than owed is refused', () => {
    const state = given(issued(), decideRecordPayment({ userId: U, invoiceId: 'i1', amountCents: 6_000, method: 'card', reason: 'r' }, given(issued())));
    expect(message(() => decideRecordPayment({ userId: U, invoiceId: 'i1', amountCents: 4_001, method: 'card', reason: 'r' }, state))).toBe(
      'The payment is more than what is owed',
    );
    const paid = given(
      issued(),
      decideRecordPayment({ userId: U, invoiceId: 'i1', amountCents: 6_000, method: 'card', reason: 'r' }, given(issued())),
      decideCreditInvoice({ userId: U, invoiceId: 'i1', amountCents: 4_000, reason: 'r' }, state),
    );
    expect(paid.invoices[0]).toMatchObject({ status: 'paid', paidCents: 6_000, creditedCents: 4_000 });
    expect(owedCents(paid.invoices[0]!)).toBe(0);
    expect(message(() => decideWriteOffInvoice({ userId: U, invoiceId: 'i1', reason: 'r' }, paid))).toBe('Nothing is owed on this invoice');
    expect(message(() => decideVoidInvoice({ userId: U, invoiceId: 'i1', reason: 'r' }, paid))).toBe('A paid invoice cannot be voided; credit it instead');
  });

  it('a write-off takes what is still owed; a disputed invoice can still be paid; unknown invoices are 404', () => {
    const disputed = given(issued(), decideDisputeInvoice({ userId: U, invoiceId: 'i1', reason: 'r' }, given(issued())));
    expect(disputed.invoices[0]!.status).toBe('disputed');
    expect(decideWriteOffInvoice({ userId: U, invoiceId: 'i1', reason: 'r' }, disputed)[0]).toMatchObject({ data: { amountCents: 10_000 } });
    const paying = decideRecordPayment({ userId: U, invoiceId: 'i1', amountCents: 10_000, method: 'check', reason: 'r' }, disputed);
    expect(paying.reduce(evolveAccountAdmin, disputed).invoices[0]!.status).toBe('paid');
    expect(() => decideVoidInvoice({ userId: U, invoiceId: 'nope', reason: 'r' }, disputed)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
