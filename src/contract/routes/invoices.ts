import { z } from 'zod';
import { PAYMENT_METHODS } from '../backoffice';
import { routes } from '../route';
import { accountAction, InvoiceParams, ReasonBody, reasonField as reason, UserParams } from './account-action';

const TAG = 'Back-office: invoices';
const cents = z.number().int();
const onInvoice = <const B extends z.ZodType>(path: string, summary: string, body: B) =>
  accountAction(TAG, `invoice/:userId/:invoiceId/${path}`, summary, InvoiceParams, body);

/** Spec family "invoice (payment, void, dispute, credit, writeoff, email and notes)"; invoices live on the account's back-office stream. */
export const invoicesRoutes = routes('invoices', {
  issue: accountAction(
    TAG,
    'invoice/:userId',
    'Issue an invoice',
    UserParams,
    z.strictObject({ amountCents: cents, description: z.string().max(200), dueOn: z.iso.date(), reason }),
  ),
  payment: onInvoice('payment', 'Record a payment', z.strictObject({ amountCents: cents, method: z.enum(PAYMENT_METHODS), reason })),
  void: onInvoice('void', 'Void an invoice', ReasonBody),
  dispute: onInvoice('dispute', 'Mark an invoice as disputed', ReasonBody),
  credit: onInvoice('credit', 'Credit part or all of what is owed', z.strictObject({ amountCents: cents, reason })),
  writeOff: onInvoice('writeoff', 'Write off what is still owed', ReasonBody),
  email: onInvoice('email', 'E-mail the invoice to the account', ReasonBody),
  note: onInvoice('notes', 'Add a note to an invoice', z.strictObject({ text: z.string().max(5000), reason })),
});
