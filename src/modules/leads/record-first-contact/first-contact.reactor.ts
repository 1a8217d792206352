import { Injectable } from '@nestjs/common';
import { FIRST_CONTACT_SIGNAL, pendingFirstContacts } from '../../../../projections/lead-pipeline';
import { PipelineReactor } from '../move-into-pipeline/pipeline-reactor';
import { decideFirstContact } from './first-contact.decide';

const BATCH = 100;

/**
 * Records a lead's first contact: the lead_pipeline read model keeps, per lead not yet
 * contacted, the office's first action on it (a text, a chat message, a stage change); this
 * decides on the lead's stream (LeadFirstContacted at that action's time, and New → Attempted
 * contact) and appends with the revision read. Exactly once across crashes and instances: the
 * stream says whether the lead was contacted, and a second writer's append loses the race and
 * decides again to nothing. Woken by the projection's signal, swept every 5 s.
 */
@Injectable()
export class FirstContactReactor extends PipelineReactor {
  protected readonly signal = FIRST_CONTACT_SIGNAL;
  protected readonly work = 'recording first contacts';

  /** Every waiting lead once; answers how many first contacts were recorded. */
  run(): Promise<number> {
    return this.decidePending(
      (limit, offset) => pendingFirstContacts(this.pool, limit, offset),
      BATCH,
      (p, lead, pipeline) => decideFirstContact({ via: p.via, byUserId: p.byUserId, at: p.at, pipeline }, lead),
      (p) => p.eventId,
    );
  }
}
