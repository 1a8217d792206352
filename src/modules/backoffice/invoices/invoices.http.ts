import { Body, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { parseBody } from '../../../http/parse-body';
import { notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { owedCents } from '../account-admin';
import { AdminCommands } from '../admin-commands';
import { actionDoc, BackofficeController, ReasonBody, reasonField } from '../backoffice-controller';
import { PAYMENT_METHODS, type PaymentMethod } from '../backoffice.events';
import {
  decideAddInvoiceNote,
  decideCreditInvoice,
  decideDisputeInvoice,
  decideEmailInvoice,
  decideIssueInvoice,
  decideRecordPayment,
  decideVoidInvoice,
  decideWriteOffInvoice,
} from './invoices.decide';

const reason = reasonField;
const cents = z.number().int();
const IssueBody = z.strictObject({ amountCents: cents, description: z.string().max(200), dueOn: z.iso.date(), reason });
const PaymentBody = z.strictObject({ amountCents: cents, method: z.enum(PAYMENT_METHODS as [PaymentMethod, ...PaymentMethod[]]), reason });
const AmountBody = z.strictObject({ amountCents: cents, reason });
const NoteBody = z.strictObject({ text: z.string().max(5000), reason });

const doc = actionDoc('Back-office: invoices');
const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;

/** Spec family "invoice (payment, void, dispute, credit, writeoff, email and notes)"; invoices live on the account's back-office stream. */
@BackofficeController('invoice')
export class InvoicesController {
  constructor(@Inject(AdminCommands) private readonly commands: AdminCommands) {}

  @Post(':userId')
  @HttpCode(200)
  @doc('Issue an invoice', IssueBody)
  issue(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(IssueBody, body);
    const invoiceId = newId();
    return this.commands.run(req, userId, (s) => decideIssueInvoice({ userId, invoiceId, ...input }, s));
  }

  @Post(':userId/:invoiceId/payment')
  @HttpCode(200)
  @doc('Record a payment', PaymentBody)
  payment(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(PaymentBody, body);
    return this.commands.run(req, userId, (s) => decideRecordPayment({ userId, invoiceId, ...input }, s));
  }

  @Post(':userId/:invoiceId/void')
  @HttpCode(200)
  @doc('Void an invoice', ReasonBody)
  void(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() body: unknown, @Req() req: Request) {
    const { reason } = parseBody(ReasonBody, body);
    return this.commands.run(req, userId, (s) => decideVoidInvoice({ userId, invoiceId, reason }, s));
  }

  @Post(':userId/:invoiceId/dispute')
  @HttpCode(200)
  @doc('Mark an invoice as disputed', ReasonBody)
  dispute(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() body: unknown, @Req() req: Request) {
    const { reason } = parseBody(ReasonBody, body);
    return this.commands.run(req, userId, (s) => decideDisputeInvoice({ userId, invoiceId, reason }, s));
  }

  @Post(':userId/:invoiceId/credit')
  @HttpCode(200)
  @doc('Credit part or all of what is owed', AmountBody)
  credit(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(AmountBody, body);
    return this.commands.run(req, userId, (s) => decideCreditInvoice({ userId, invoiceId, ...input }, s));
  }

  @Post(':userId/:invoiceId/writeoff')
  @HttpCode(200)
  @doc('Write off what is still owed', ReasonBody)
  writeOff(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() body: unknown, @Req() req: Request) {
    const { reason } = parseBody(ReasonBody, body);
    return this.commands.run(req, userId, (s) => decideWriteOffInvoice({ userId, invoiceId, reason }, s));
  }

  /** Checked, sent through the Mailer port, then recorded (AdminCommands.mailThenRun). */
  @Post(':userId/:invoiceId/email')
  @HttpCode(200)
  @doc('E-mail the invoice to the account', ReasonBody)
  async email(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() body: unknown, @Req() req: Request) {
    const { reason } = parseBody(ReasonBody, body);
    const account = await this.commands.account(userId);
    const command = { userId: account.userId, invoiceId, to: account.email, reason };
    return this.commands.mailThenRun(req, account, (s) => decideEmailInvoice(command, s), (admin) => {
      const invoice = admin.invoices.find((i) => i.invoiceId === invoiceId);
      if (!invoice) throw notFound('No such invoice on this account');
      return {
        to: account.email,
        subject: `Porchlight invoice ${invoice.number}`,
        text:
          `Hello ${account.firstName},\n\nInvoice ${invoice.number}: ${invoice.description}\n` +
          `Amount: ${dollars(invoice.amountCents)}\nStill owed: ${dollars(owedCents(invoice))}\nDue on: ${invoice.dueOn}\n\nThank you.\n`,
      };
    });
  }

  @Post(':userId/:invoiceId/notes')
  @HttpCode(200)
  @doc('Add a note to an invoice', NoteBody)
  note(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(NoteBody, body);
    return this.commands.run(req, userId, (s) => decideAddInvoiceNote({ userId, invoiceId, ...input }, s));
  }
}
