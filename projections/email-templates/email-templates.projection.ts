import type { EmailTemplateEvent } from '../../src/modules/conversation/conversation.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';

/**
 * CRM e-mail templates for the template manager and the composer's picker: each template as
 * last saved, with its owner (an agent, or an office's broker) and scope. A deleted template's
 * row goes (its words stay in the log).
 */
export const emailTemplatesProjection: Projection = {
  name: 'email_templates',
  version: 1,
  eventTypes: handledTypes<EmailTemplateEvent>()(['EmailTemplateSaved', 'EmailTemplateDeleted']),
  tables: ['email_templates'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('email_templates')} (
      template_id uuid PRIMARY KEY,
      owner_id uuid NOT NULL,
      scope text NOT NULL,
      name text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('email_templates')} (owner_id, scope)`);
  },
  async apply(events, { tx, table }) {
    const templates = table('email_templates');
    for (const e of eventsOf<EmailTemplateEvent>(events)) {
      switch (e.type) {
        case 'EmailTemplateSaved': {
          const d = e.data;
          await tx.query(
            `INSERT INTO ${templates} (template_id, owner_id, scope, name, subject, body, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (template_id) DO UPDATE SET name = EXCLUDED.name, subject = EXCLUDED.subject, body = EXCLUDED.body, updated_at = EXCLUDED.updated_at`,
            [d.templateId, d.ownerId, d.scope, d.name, d.subject, d.body, e.metadata.at],
          );
          break;
        }
        case 'EmailTemplateDeleted':
          await tx.query(`DELETE FROM ${templates} WHERE template_id = $1`, [e.data.templateId]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
