import { z } from 'zod';
import { AccountAdminSchema, REASON_MAX } from '../backoffice';

/** Where every back-office route lives; its controllers are staff only (BackofficeController). */
export const BACKOFFICE = 'api/backoffice';

/** Every account action says why; the trimmed length is checked again when it is decided. */
export const reasonField = z.string().max(REASON_MAX * 2);
export const ReasonBody = z.strictObject({ reason: reasonField });
export const UserParams = z.strictObject({ userId: z.string() });
export const InvoiceParams = z.strictObject({ userId: z.string(), invoiceId: z.string() });

/** What every account action answers: the events it recorded and the account's back-office record after them. */
export const ActionResultSchema = z.strictObject({ isSuccess: z.literal(true), events: z.array(z.string()).readonly(), admin: AccountAdminSchema });
export type ActionResult = Readonly<z.infer<typeof ActionResultSchema>>;

/**
 * A staff action on an account (a POST with a reason, answering 200 ActionResult; 404: no such
 * account or invoice, 409: not allowed in the account's state).
 */
export const accountAction = <P extends z.ZodObject | undefined, B extends z.ZodType>(tag: string, path: string, summary: string, params: P, body: B) =>
  ({ method: 'POST', path: `${BACKOFFICE}/${path}`, summary, tag, access: 'staff', params, body, responses: { 200: ActionResultSchema } }) as const;
