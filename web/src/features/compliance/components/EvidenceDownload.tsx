import { useId, useState } from 'react';
import { complianceApi } from '../../../api/complianceApi';
import { ApiError } from '../../../api/http';

/**
 * The lead's evidence (consent, owner, every message and change, hash-chained) as a JSON file,
 * as of now or the end of a chosen day in the viewer's clock.
 */
export function EvidenceDownload({ leadId }: { readonly leadId: string }) {
  const dateId = useId();
  const [day, setDay] = useState('');
  const [state, setState] = useState<{ busy: boolean; note: string | null }>({ busy: false, note: null });
  const download = () => {
    const asOf = day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined;
    setState({ busy: true, note: null });
    complianceApi
      .evidence(leadId, asOf)
      .then((evidence) => {
        const url = URL.createObjectURL(new Blob([JSON.stringify(evidence, null, 2)], { type: 'application/json' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = `evidence-${leadId}${day ? `-${day}` : ''}.json`;
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        setState({ busy: false, note: `Downloaded: ${evidence.entries.length} entries, ${evidence.deliveries.length} delivery reports.` });
      })
      .catch((err: unknown) => setState({ busy: false, note: err instanceof ApiError ? err.message : 'Could not download the evidence; try again.' }));
  };
  return (
    <section aria-labelledby={`${dateId}-title`} className="card">
      <h3 id={`${dateId}-title`}>Compliance evidence</h3>
      <label htmlFor={dateId}>As of the end of (empty: now)</label> <input id={dateId} type="date" value={day} onChange={(e) => setDay(e.target.value)} />{' '}
      <button type="button" className="btn" onClick={download} disabled={state.busy}>
        Download evidence
      </button>
      {state.note && <p role="status">{state.note}</p>}
    </section>
  );
}
