import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { templatesFor } from '../../../../projections/email-templates';
import { DB_POOL } from '../../../runtime/tokens';
import type { BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
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

/**
 * CRM e-mail templates (issue 16): personal ones (each agent's own) and the office's (the
 * broker's, also changed by staff). Everyone in the office picks from the office's; nobody else
 * sees a personal template. Someone else's template is not found (404), never forbidden.
 */
@Controller()
export class EmailTemplatesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(contract.leadEmail.templates)
  async list(@Query() { officeId }: QueryOf<typeof contract.leadEmail.templates>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const office = officeOfViewer(viewer, officeId);
    const templates = await templatesFor(this.pool, viewer.userId, office);
    return { templates: templates.map((t) => ({ ...t, editable: t.ownerId === viewer.userId || (t.scope === 'office' && viewer.role === 'staff') })) };
  }

  /** 409: the name is taken. */
  @Route(contract.leadEmail.createTemplate)
  async create(@Body() input: BodyOf<typeof contract.leadEmail.createTemplate>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const ownerId = input.scope === 'personal' ? viewer.userId : await this.officeToWrite(viewer, input.officeId);
    const templateId = newId();
    await this.run(req, ownerId, {
      kind: 'create',
      ownerId,
      scope: input.scope,
      templateId,
      byUserId: viewer.userId,
      name: input.name,
      subject: input.subject,
      body: input.body,
    });
    return { templateId, ownerId };
  }

  /** 404: not theirs or gone. */
  @Route(contract.leadEmail.changeTemplate)
  async change(
    @Param('ownerId') ownerId: string,
    @Param('templateId') templateId: string,
    @Body() input: BodyOf<typeof contract.leadEmail.changeTemplate>,
    @Req() req: Request,
  ) {
    const viewer = this.mayTouch(req, ownerId, templateId);
    await this.run(req, ownerId, { kind: 'change', ownerId, templateId, byUserId: viewer.userId, asOwner: ownerId === viewer.userId, ...input });
    return { templateId };
  }

  @Route(contract.leadEmail.deleteTemplate)
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
