import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { templatesFor } from '../../../../projections/email-templates';
import { DB_POOL } from '../../../runtime/tokens';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, type EmailTemplateView, TEMPLATE_NAME_MAX, TEMPLATE_SCOPES } from '../../../contract/lead-email';
import { EventStore } from '../../../eventstore/event-store.port';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { forbidden, notFound, validation } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { commandContextOf } from '../../../commands/request-context';
import { LEVEL, loadAccount } from '../../accounts';
import { dashboardViewer, type Viewer } from '../../../shared/viewer/viewer';
import { type TemplateCommand } from './email-templates.decide';
import { officeOfViewer } from '../../../shared/viewer/template-office';
import { emailTemplatesStream } from '../email-templates.events';
import { TemplatesCommand } from './email-templates.command';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ONLY_BROKER_OFFICE_TEMPLATES = 'Only the broker or staff change office templates';
export const OFFICE_ID_REQUIRED = 'officeId is required: which office (its broker) the template is for';

// Lengths are checked again by the decide with sentences; these stop absurd bodies early.
const text = (max: number) => z.string().trim().max(max * 2);
const TemplateFields = { name: text(TEMPLATE_NAME_MAX), subject: text(EMAIL_SUBJECT_MAX), body: z.string().max(EMAIL_BODY_MAX * 2).transform((b) => b.replace(/\r\n?/g, '\n').trimEnd()) };
const CreateBody = z.strictObject({ scope: z.enum(TEMPLATE_SCOPES), ...TemplateFields, officeId: z.uuid({ error: 'officeId must be a broker id' }).optional() });
const ChangeBody = z.strictObject(TemplateFields);
const ListQuery = z.strictObject({ officeId: z.uuid({ error: 'officeId must be a broker id' }).optional() });

/**
 * CRM e-mail templates (issue 16): personal ones (each agent's own) and the office's (the
 * broker's, also changed by staff). Everyone in the office picks from the office's; nobody else
 * sees a personal template. Someone else's template is not found (404), never forbidden.
 */
@Controller('api/dashboard/email-templates')
export class EmailTemplatesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @ApiDoc({ summary: "The viewer's personal e-mail templates and their office's", tag: 'Working a lead', access: 'agents, brokers, staff (with officeId)', query: ListQuery, responses: { 200: '{templates:[{templateId, ownerId, scope, name, subject, body, updatedAt, editable}]}' } })
  @Get()
  async list(@Query() query: unknown, @Req() req: Request): Promise<{ templates: EmailTemplateView[] }> {
    const viewer = dashboardViewer(req);
    const { officeId } = parseBody(ListQuery, query);
    const office = officeOfViewer(viewer, officeId);
    const templates = await templatesFor(this.pool, viewer.userId, office);
    return { templates: templates.map((t) => ({ ...t, editable: t.ownerId === viewer.userId || (t.scope === 'office' && viewer.role === 'staff') })) };
  }

  @ApiDoc({ summary: 'Create an e-mail template (office: the broker, or staff naming officeId)', tag: 'Working a lead', access: 'agents (personal), brokers, staff', body: CreateBody, responses: { 201: '{templateId, ownerId}', 409: 'the name is taken' } })
  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const input = parseBody(CreateBody, body);
    const ownerId = input.scope === 'personal' ? viewer.userId : await this.officeToWrite(viewer, input.officeId);
    const templateId = newId();
    await this.run(req, ownerId, { kind: 'create', ownerId, scope: input.scope, templateId, byUserId: viewer.userId, name: input.name, subject: input.subject, body: input.body });
    return { templateId, ownerId };
  }

  @ApiDoc({ summary: 'Change an e-mail template (its owner; staff for office templates)', tag: 'Working a lead', access: 'agents, brokers, staff', body: ChangeBody, responses: { 200: '{templateId}', 404: 'not theirs or gone' } })
  @Put(':ownerId/:templateId')
  async change(@Param('ownerId') ownerId: string, @Param('templateId') templateId: string, @Body() body: unknown, @Req() req: Request) {
    const viewer = this.mayTouch(req, ownerId, templateId);
    const input = parseBody(ChangeBody, body);
    await this.run(req, ownerId, { kind: 'change', ownerId, templateId, byUserId: viewer.userId, asOwner: ownerId === viewer.userId, ...input });
    return { templateId };
  }

  @ApiDoc({ summary: 'Delete an e-mail template (its owner; staff for office templates)', tag: 'Working a lead', access: 'agents, brokers, staff', responses: { 200: '{templateId}' } })
  @Delete(':ownerId/:templateId')
  async remove(@Param('ownerId') ownerId: string, @Param('templateId') templateId: string, @Req() req: Request) {
    const viewer = this.mayTouch(req, ownerId, templateId);
    await this.run(req, ownerId, { kind: 'delete', ownerId, templateId, byUserId: viewer.userId, asOwner: ownerId === viewer.userId });
    return { templateId };
  }

  /** Only an owner's stream the viewer may write to: their own, or (staff) any; the decide checks the template itself. */
  private mayTouch(req: Request, ownerId: string, templateId: string): Viewer {
    const viewer = dashboardViewer(req);
    if (!UUID.test(ownerId) || !UUID.test(templateId)) throw notFound();
    if (ownerId !== viewer.userId && viewer.role !== 'staff') throw notFound();
    return viewer;
  }

  private async officeToWrite(viewer: Viewer, officeId: string | undefined): Promise<string> {
    if (viewer.role === 'agent') throw forbidden(ONLY_BROKER_OFFICE_TEMPLATES);
    if (viewer.role === 'broker') return viewer.userId;
    if (!officeId) throw validation(OFFICE_ID_REQUIRED);
    const { account } = await loadAccount(this.store, officeId);
    if (!account.exists || account.securityLevel !== LEVEL.broker) throw notFound('Office not found');
    return officeId;
  }

  private async run(req: Request, ownerId: string, command: TemplateCommand) {
    await this.commands.execute(new TemplatesCommand(emailTemplatesStream(ownerId), command, commandContextOf(req)));
  }
}
