import { Injectable } from '@nestjs/common';
import { pendingStageMoves, STAGE_MOVES_SIGNAL } from '../../../../projections/lead-pipeline';
import { decideMoveIntoPipeline } from './move-into-pipeline.decide';
import { PipelineReactor } from './pipeline-reactor';

const BATCH = 200;

/**
 * Moves leads whose stage left their office's pipeline to where the broker sent them: a rename
 * moves the stage's leads to the new name, a removal to the stage chosen for them, and a new
 * lead where 'New' is gone to the first stage. The lead_pipeline read model finds them; each is
 * decided on the lead's stream and the office's (LeadStageChanged by the system), so a repeat,
 * a crash or a second instance moves nothing twice. Woken by the projection, swept every 5 s.
 */
@Injectable()
export class StageMover extends PipelineReactor {
  protected readonly signal = STAGE_MOVES_SIGNAL;
  protected readonly work = 'moving leads into their pipeline';

  /** Every waiting lead once; answers how many were moved. */
  run(): Promise<number> {
    return this.decidePending(
      (limit, offset) => pendingStageMoves(this.pool, limit, offset),
      BATCH,
      (_, lead, pipeline) => decideMoveIntoPipeline({ pipeline }, lead),
    );
  }
}
