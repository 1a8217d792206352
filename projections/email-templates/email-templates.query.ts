import type pg from 'pg';
import type { EmailTemplateView, TemplateScope } from '../../src/contract/lead-email';

/** A template as stored: what the browser is shown, less whether this viewer may edit it (decided per request). */
export type StoredTemplate = Omit<EmailTemplateView, 'editable'>;

type Row = { template_id: string; owner_id: string; scope: TemplateScope; name: string; subject: string; body: string; updated_at: Date };
const COLUMNS = 'template_id, owner_id, scope, name, subject, body, updated_at';
const toTemplate = (r: Row): StoredTemplate => ({
  templateId: r.template_id,
  ownerId: r.owner_id,
  scope: r.scope,
  name: r.name,
  subject: r.subject,
  body: r.body,
  updatedAt: r.updated_at.toISOString(),
});

/**
 * The templates one person works with: their personal ones and those of the office (the office's
 * broker's id), office first, each by name. The caller decided which office the person is in.
 */
export async function templatesFor(pool: pg.Pool, personalOf: string, officeOf: string | null): Promise<StoredTemplate[]> {
  const { rows } = await pool.query<Row>(
    `SELECT ${COLUMNS} FROM email_templates
      WHERE (owner_id = $1 AND scope = 'personal') OR (owner_id = $2 AND scope = 'office')
      ORDER BY scope = 'personal', lower(name), template_id`,
    [personalOf, officeOf],
  );
  return rows.map(toTemplate);
}

/** One template by id (the caller checks the viewer may use it). */
export async function templateById(pool: pg.Pool, templateId: string): Promise<StoredTemplate | null> {
  const { rows } = await pool.query<Row>(`SELECT ${COLUMNS} FROM email_templates WHERE template_id = $1`, [templateId]);
  return rows[0] ? toTemplate(rows[0]) : null;
}
