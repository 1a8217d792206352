import { Body, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { owedCents } from '../account-admin';
import { AdminCommands } from '../admin-commands';
import { BackofficeController } from '../backoffice-controller';
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

const routes = contract.invoices;
type Reason = BodyOf<typeof routes.void>;
const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;

/** Spec family "invoice (payment, void, dispute, credit, writeoff, email and notes)"; invoices live on the account's back-office stream. */
@BackofficeController()
export class InvoicesController {
  constructor(@Inject(AdminCommands) private readonly commands: AdminCommands) {}

  @Route(routes.issue)
  issue(@Param('userId') userId: string, @Body() input: BodyOf<typeof routes.issue>, @Req() req: Request) {
    const invoiceId = newId();
    return this.commands.run(req, userId, (s) => decideIssueInvoice({ userId, invoiceId, ...input }, s));
  }

  @Route(routes.payment)
  payment(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() input: BodyOf<typeof routes.payment>, @Req() req: Request) {
    return this.commands.run(req, userId, (s) => decideRecordPayment({ userId, invoiceId, ...input }, s));
  }

  @Route(routes.void)
  void(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() { reason }: Reason, @Req() req: Request) {
    return this.commands.run(req, userId, (s) => decideVoidInvoice({ userId, invoiceId, reason }, s));
  }

  @Route(routes.dispute)
  dispute(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() { reason }: Reason, @Req() req: Request) {
    return this.commands.run(req, userId, (s) => decideDisputeInvoice({ userId, invoiceId, reason }, s));
  }

  @Route(routes.credit)
  credit(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() input: BodyOf<typeof routes.credit>, @Req() req: Request) {
    return this.commands.run(req, userId, (s) => decideCreditInvoice({ userId, invoiceId, ...input }, s));
  }

  @Route(routes.writeOff)
  writeOff(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() { reason }: Reason, @Req() req: Request) {
    return this.commands.run(req, userId, (s) => decideWriteOffInvoice({ userId, invoiceId, reason }, s));
  }

  /** Checked, sent through the Mailer port, then recorded (AdminCommands.mailThenRun). */
  @Route(routes.email)
  async email(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() { reason }: Reason, @Req() req: Request) {
    const account = await this.commands.account(userId);
    const command = { userId: account.userId, invoiceId, to: account.email, reason };
    return this.commands.mailThenRun(
      req,
      account,
      (s) => decideEmailInvoice(command, s),
      (admin) => {
        const invoice = admin.invoices.find((i) => i.invoiceId === invoiceId);
        if (!invoice) throw notFound('No such invoice on this account');
        return {
          to: account.email,
          subject: `Porchlight invoice ${invoice.number}`,
          text:
            `Hello ${account.firstName},\n\nInvoice ${invoice.number}: ${invoice.description}\n` +
            `Amount: ${dollars(invoice.amountCents)}\nStill owed: ${dollars(owedCents(invoice))}\nDue on: ${invoice.dueOn}\n\nThank you.\n`,
        };
      },
    );
  }

  @Route(routes.note)
  note(@Param('userId') userId: string, @Param('invoiceId') invoiceId: string, @Body() input: BodyOf<typeof routes.note>, @Req() req: Request) {
    return this.commands.run(req, userId, (s) => decideAddInvoiceNote({ userId, invoiceId, ...input }, s));
  }
}
