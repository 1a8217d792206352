import type { FacebookLeadDelivered, FacebookPageEvent } from '../../src/modules/facebook-leads/facebook-leads.events';
import { eventsOf, handledTypes, type Projection } from '../runner';

type Handled = Exclude<FacebookPageEvent, { type: 'FacebookFormSourceNamed' | 'FacebookPageFormsListed' }> | FacebookLeadDelivered;

/**
 * Facebook lead ads' read side: the pages each office connected (name, when, whether Meta
 * refused the token and its words; never the token) and each lead delivered (ids, form, source, when sent: no personal data) for the back-office's
 * counts per form and per day. Keyed by Meta's ids, so a replay counts nothing twice.
 */
export const facebookLeadsProjection: Projection = {
  name: 'facebook_leads',
  version: 1,
  eventTypes: handledTypes<Handled>()(['FacebookPageConnected', 'FacebookPageDisconnected', 'FacebookPageTokenRefused', 'FacebookLeadDelivered']),
  tables: ['facebook_pages', 'facebook_leads'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('facebook_pages')} (
      page_id text PRIMARY KEY, office_id uuid NOT NULL, name text NOT NULL, connected_at timestamptz NOT NULL, problem text)`);
    await tx.query(`CREATE INDEX ON ${t('facebook_pages')} (office_id)`);
    await tx.query(`CREATE TABLE ${t('facebook_leads')} (
      leadgen_id text PRIMARY KEY, office_id uuid NOT NULL, page_id text NOT NULL, form_id text NOT NULL, form_name text NOT NULL,
      source text NOT NULL, submitted_at timestamptz NOT NULL)`);
    await tx.query(`CREATE INDEX ON ${t('facebook_leads')} (submitted_at)`);
  },
  async apply(events, { tx, table }) {
    const pages = table('facebook_pages');
    const leads = table('facebook_leads');
    for (const e of eventsOf<Handled>(events)) {
      switch (e.type) {
        case 'FacebookPageConnected': {
          await tx.query(
            `INSERT INTO ${pages} (page_id, office_id, name, connected_at, problem) VALUES ($1, $2, $3, $4, NULL)
             ON CONFLICT (page_id) DO UPDATE SET office_id = $2, name = $3, connected_at = $4, problem = NULL`,
            [e.data.pageId, e.data.officeId, e.data.name, e.metadata.at],
          );
          break;
        }
        case 'FacebookPageDisconnected':
          await tx.query(`DELETE FROM ${pages} WHERE page_id = $1`, [e.data.pageId]);
          break;
        case 'FacebookPageTokenRefused':
          await tx.query(`UPDATE ${pages} SET problem = $2 WHERE page_id = $1`, [e.data.pageId, e.data.reason]);
          break;
        case 'FacebookLeadDelivered':
          await tx.query(
            `INSERT INTO ${leads} (leadgen_id, office_id, page_id, form_id, form_name, source, submitted_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (leadgen_id) DO NOTHING`,
            [e.data.leadgenId, e.data.officeId, e.data.pageId, e.data.formId, e.data.formName, e.data.source, e.data.submittedAt],
          );
          break;
      }
    }
  },
};
