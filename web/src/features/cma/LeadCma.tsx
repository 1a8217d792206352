import { type FormEvent, useEffect, useId, useState } from 'react';
import formStyles from '../../ui/forms.module.css';
import { ApiError } from '../../api/http';
import { type CmaComp, type CmaState, cmaApi, type CompEdit, type FoundSale, money } from './cmaApi';
import { compsTableStyles } from '../sell';
import styles from './Cma.module.css';

const failure = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
const label = (c: { address: string | null; pdid: string }) => c.address ?? c.pdid;
const editOf = (c: CmaComp): CompEdit => ({ pdid: c.pdid, included: c.included, adjustment: c.adjustment, note: c.note });

/**
 * The lead page's CMA, for a lead who asked for a home value: the valuation's
 * comps, each kept or dropped and adjusted with a note, sales near the home added; saving makes
 * the next version and the server recomputes the estimate; "Send to lead" e-mails a signed link.
 */
export function LeadCma({ leadId }: { leadId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [cma, setCma] = useState<CmaState | null>(null);
  const [edits, setEdits] = useState<Map<string, CompEdit>>(new Map());
  const [added, setAdded] = useState<FoundSale[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = (next: CmaState) => {
    setCma(next);
    setEdits(new Map(next.comps.map((c) => [c.pdid, editOf(c)])));
    setAdded([]);
  };

  useEffect(() => {
    if (!open || cma) return;
    cmaApi
      .get(leadId)
      .then(load)
      .catch((err: unknown) => setError(failure(err, 'The CMA could not be loaded')));
  }, [open, cma, leadId]);

  const edit = (pdid: string, change: Partial<CompEdit>) => {
    setEdits((m) => new Map(m).set(pdid, { ...m.get(pdid)!, ...change }));
    setStatus(null);
  };
  const dirty = cma !== null && (added.length > 0 || cma.comps.some((c) => JSON.stringify(editOf(c)) !== JSON.stringify(edits.get(c.pdid))));

  const act = async (what: () => Promise<void>, fallback: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      await what();
    } catch (err) {
      setError(failure(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    act(async () => {
      const next = await cmaApi.save(leadId, cma!.version, [...edits.values()]);
      load(next);
      setStatus(`Saved as version ${next.version}.`);
    }, 'The CMA could not be saved');
  const digest = (on: boolean) =>
    act(async () => {
      await cmaApi.digest(leadId, on);
      setCma((c) => c && { ...c, digest: on });
      setStatus(on ? 'The lead will get the monthly home value e-mail.' : 'The monthly home value e-mail is off.');
    }, 'The monthly e-mail could not be changed');
  const send = () =>
    act(async () => {
      await cmaApi.send(leadId);
      load(await cmaApi.get(leadId));
      setStatus('Sent: the lead gets an e-mail with a link to this CMA, good for 30 days.');
    }, 'The CMA could not be sent');

  return (
    <section aria-labelledby={`${id}-title`} className={styles.cma}>
      <div className={styles.row}>
        <h3 id={`${id}-title`}>CMA</h3>
        <button type="button" className="btn" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen((v) => !v)}>
          {open ? 'Close the CMA' : 'Open the CMA'}
        </button>
      </div>
      {open && (
        <div id={`${id}-body`} className={styles.cma}>
          {error && (
            <p role="alert" className={formStyles.error}>
              {error}
            </p>
          )}
          {!cma && !error && <p aria-busy="true">Loading the CMA…</p>}
          {cma && (
            <>
              <div className={styles.estimate}>
                <p>
                  {cma.home.address} · instant value {money(cma.home.estimate)} ({money(cma.home.low)} – {money(cma.home.high)}) as of {cma.home.asOf}
                </p>
                <p className={styles.figure} data-testid="cma-estimate">
                  {cma.estimate === null ? 'No comp kept' : money(cma.estimate)}
                </p>
                <p className={styles.note}>
                  Version {cma.version === 0 ? '0 (the instant value, not edited yet)' : cma.version}. The estimate is the weighted median of the kept comps’
                  adjusted prices; it is recomputed when you save.
                </p>
              </div>
              <div className={compsTableStyles.tableWrap}>
                <table className={compsTableStyles.table}>
                  <caption className="visually-hidden">Comparable sales of the CMA, each kept or dropped, with your adjustment and note</caption>
                  <thead>
                    <tr>
                      <th scope="col">Keep</th>
                      <th scope="col">Sale</th>
                      <th scope="col">Adjusted by the valuation</th>
                      <th scope="col">Your adjustment ($)</th>
                      <th scope="col">Note</th>
                    </tr>
                  </thead>
                  <tbody>
                    {cma.comps.map((c) => {
                      const e = edits.get(c.pdid)!;
                      return (
                        <tr key={c.pdid} className={e.included ? undefined : styles.dropped} data-pdid={c.pdid}>
                          <td data-label="Keep">
                            <input
                              type="checkbox"
                              checked={e.included}
                              aria-label={`Keep ${label(c)}`}
                              onChange={(ev) => edit(c.pdid, { included: ev.target.checked })}
                            />
                          </td>
                          <td data-label="Sale">
                            {label(c)}
                            {c.added ? ' (added)' : ''}
                            <br />
                            {money(c.closePrice)} on {c.closeDate} · {c.distanceMiles.toFixed(2)} mi · {c.beds ?? '—'} bd / {c.baths ?? '—'} ba
                          </td>
                          <td data-label="Adjusted by the valuation">{money(c.adjustedPrice)}</td>
                          <td data-label="Your adjustment ($)">
                            <input
                              type="number"
                              step={1000}
                              className={`${formStyles.input} ${styles.amount}`}
                              aria-label={`Your adjustment for ${label(c)}, in dollars`}
                              value={e.adjustment}
                              onChange={(ev) => edit(c.pdid, { adjustment: Number(ev.target.value) || 0 })}
                            />
                          </td>
                          <td data-label="Note">
                            <input
                              className={formStyles.input}
                              aria-label={`Note for ${label(c)}`}
                              maxLength={300}
                              value={e.note}
                              onChange={(ev) => edit(c.pdid, { note: ev.target.value })}
                            />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              {added.length > 0 && (
                <p className={styles.note} role="status">
                  To add when you save: {added.map(label).join('; ')}
                </p>
              )}
              <AddSale
                leadId={leadId}
                onAdd={(s) => {
                  if (cma.comps.some((c) => c.pdid === s.pdid) || added.some((a) => a.pdid === s.pdid)) return;
                  setAdded((a) => [...a, s]);
                  setEdits((m) => new Map(m).set(s.pdid, { pdid: s.pdid, included: true, adjustment: 0, note: '' }));
                }}
              />
              <div className={styles.row}>
                <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={busy || !dirty}>
                  Save the CMA
                </button>
                <button type="button" className="btn" onClick={() => void send()} disabled={busy || dirty}>
                  Send to lead
                </button>
                {dirty && <span className={styles.note}>Save before sending.</span>}
              </div>
              <label className={formStyles.check}>
                <input type="checkbox" checked={cma.digest} disabled={busy} onChange={(e) => void digest(e.target.checked)} />
                <span>Monthly home value e-mail to the lead (the estimate, its change and the sales nearby)</span>
              </label>
              {status && <p role="status">{status}</p>}
              {cma.sends.length > 0 && (
                <ul className={styles.note} aria-label="CMAs sent">
                  {cma.sends.map((s) => (
                    <li key={s.sendId}>
                      Version {s.version} sent, link good until {s.expiresAt.slice(0, 10)} · {s.opened ? 'opened' : 'not opened yet'}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** Finds a sale near the home by MLS number or address, to add to the CMA. */
function AddSale({ leadId, onAdd }: { leadId: string; onAdd: (sale: FoundSale) => void }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<FoundSale[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const find = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    cmaApi
      .find(leadId, q.trim())
      .then((r) => setFound(r.sales))
      .catch((err: unknown) => setError(failure(err, 'The sales could not be searched')));
  };
  return (
    <form onSubmit={find} className={styles.cma} noValidate>
      <div className={styles.row}>
        <div>
          <label className={formStyles.label} htmlFor={`${id}-q`}>
            Add a sale by MLS number or address
          </label>
          <input id={`${id}-q`} className={formStyles.input} value={q} onChange={(e) => setQ(e.target.value)} aria-invalid={error ? true : undefined} />
        </div>
        <button type="submit" className="btn">
          Find sales
        </button>
      </div>
      {error && (
        <p role="alert" className={formStyles.error}>
          {error}
        </p>
      )}
      {found && found.length === 0 && <p role="status">No sale near the home matches that.</p>}
      {found && found.length > 0 && (
        <ul className={styles.found} aria-label="Sales found">
          {found.map((s) => (
            <li key={s.pdid}>
              <button type="button" className={formStyles.linkButton} onClick={() => onAdd(s)}>
                Add {label(s)}
              </button>{' '}
              — {money(s.closePrice)} on {s.closeDate}, {s.distanceMiles.toFixed(2)} mi
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
