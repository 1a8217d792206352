import { useState } from 'react';
import type { TimelineEntry } from '../../../api/dashboardApi';
import { complianceApi } from '../../../api/complianceApi';
import { ApiError } from '../../../api/http';

type Props = { readonly leadId: string; readonly timeline: readonly TimelineEntry[] };

/**
 * The lead wrote something that may mean "stop contacting me" ("stop the alerts but call me"):
 * Porchlight did not read it as a revocation, and asks the agent. Shown while the newest such
 * question is newer than the newest consent change (the timeline is newest first).
 */
export function ConsentQuestion({ leadId, timeline }: Props) {
  const [state, setState] = useState<{ busy: boolean; note: string | null }>({ busy: false, note: null });
  const asked = timeline.findIndex((t) => t.type === 'ConsentWordingUnclear');
  const changed = timeline.findIndex((t) => t.type === 'ConsentChanged');
  if (asked < 0 || (changed >= 0 && changed < asked)) return state.note ? <p role="status">{state.note}</p> : null;
  const confirm = () => {
    setState({ busy: true, note: null });
    complianceApi
      .confirmRevocation(leadId)
      .then(({ channel }) => setState({ busy: false, note: channel === 'text' ? 'Text messages to this lead are off.' : 'E-mail to this lead is off.' }))
      .catch((err: unknown) => setState({ busy: false, note: err instanceof ApiError ? err.message : 'Could not confirm; try again.' }));
  };
  return (
    <section aria-labelledby="consent-question-title" className="card" data-testid="consent-question">
      <h3 id="consent-question-title">Did the lead ask to stop?</h3>
      <p>{timeline[asked]!.summary}. Read the message in the conversation; if it asks to stop, confirm and nothing more is sent on that channel.</p>
      <button type="button" className="btn" onClick={confirm} disabled={state.busy}>
        Confirm: stop contacting on this channel
      </button>
      {state.note && <p role="status">{state.note}</p>}
    </section>
  );
}
