import { type BuyerAgreementEvent, buyerAgreementEventTypes } from '../../src/modules/agreements/agreements.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';

type Handled = BuyerAgreementEvent | PersonErased;

/**
 * Each buyer agreement's term and standing, for what runs over all of them: the reminder 7 days
 * before a signed agreement ends (`reminded` once its task was made). What covers a showing is
 * never read here but from the lead's stream, at the moment of confirming.
 */
export const agreementsProjection: Projection = {
  name: 'buyer_agreements',
  version: 1,
  eventTypes: handledTypes<Handled>()([...buyerAgreementEventTypes, 'PersonErased']),
  tables: ['buyer_agreements'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('buyer_agreements')} (
      agreement_id uuid PRIMARY KEY,
      lead_id uuid NOT NULL,
      ends_on date NOT NULL,
      signed boolean NOT NULL DEFAULT false,
      voided boolean NOT NULL DEFAULT false,
      reminded boolean NOT NULL DEFAULT false
    )`);
    await tx.query(`CREATE INDEX ON ${t('buyer_agreements')} (ends_on) WHERE signed AND NOT voided AND NOT reminded`);
    await tx.query(`CREATE INDEX ON ${t('buyer_agreements')} (lead_id)`);
  },
  async apply(events, ctx) {
    const { tx, table } = ctx;
    const rows = table('buyer_agreements');
    const set = (column: string, agreementId: string) => tx.query(`UPDATE ${rows} SET ${column} = true WHERE agreement_id = $1`, [agreementId]);
    for (const e of eventsOf<Handled>(events)) {
      switch (e.type) {
        case 'BuyerAgreementDrafted':
          await tx.query(`INSERT INTO ${rows} (agreement_id, lead_id, ends_on) VALUES ($1, $2, $3) ON CONFLICT (agreement_id) DO NOTHING`, [
            e.data.agreementId,
            e.data.leadId,
            e.data.endsOn,
          ]);
          break;
        case 'BuyerAgreementSent':
          break;
        case 'BuyerAgreementSigned':
          await set('signed', e.data.agreementId);
          break;
        case 'BuyerAgreementVoided':
          await set('voided', e.data.agreementId);
          break;
        case 'BuyerAgreementReminded':
          await set('reminded', e.data.agreementId);
          break;
        case 'PersonErased':
          await tx.query(`DELETE FROM ${rows} WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
