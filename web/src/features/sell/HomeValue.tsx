import { type FormEvent, Suspense, useId, useRef, useState } from 'react';
import type { BodyInput, ResponseOf } from '../../../../src/contract/route';
import { contract } from '../../../../src/contract/routes';
import { api } from '../../api/contract-client';
import { ApiError } from '../../api/http';
import formStyles from '../../ui/forms.module.css';
import { PointsMap } from '../map';
import { adjustmentWords } from './adjustmentWords';
import styles from './Sell.module.css';
import { CompsTable } from './CompsTable';

/** The contiguous United States, until the visitor's home or its comps say where to look. */
const COUNTRY = { start: { latitude: 39.5, longitude: -98.35 }, zoom: 3 };

export type Valuation = ResponseOf<typeof contract.valuation.estimate>;
/** The home as the visitor had it valued: what the seller lead sends, for the server to value again. */
export type ValuedHome = BodyInput<typeof contract.valuation.sellerLead>['Home'];

const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
/** `confidence` is the share of the nearby sales most like the home that the model valued within 10 %: six in ten is a close market. */
const confidenceWords = (c: number) => (c >= 0.6 ? 'high' : c >= 0.35 ? 'medium' : 'low');
const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** "What's my home worth?": the home's address (and what the owner knows of it) in, the instant value and its comps out. */
export function HomeValue({ onEstimate }: { onEstimate: (home: ValuedHome, valuation: Valuation) => void }) {
  const id = useId();
  const [fields, setFields] = useState({ address: '', beds: '', baths: '', livingArea: '', yearBuilt: '' });
  const [valuation, setValuation] = useState<Valuation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<{ latitude: number; longitude: number } | null>(null);
  const result = useRef<HTMLHeadingElement>(null);
  const set = (k: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const at = picking ? picked : null;
    if (picking && !at) return setError('Click your home on the map first');
    if (!at && fields.address.trim().length < 3) return setError('Type the address of your home');
    setBusy(true);
    setError(null);
    try {
      const body = {
        ...(at ? { latitude: at.latitude, longitude: at.longitude } : { address: fields.address.trim() }),
        beds: optionalNumber(fields.beds),
        baths: optionalNumber(fields.baths),
        livingArea: optionalNumber(fields.livingArea),
        yearBuilt: optionalNumber(fields.yearBuilt),
      };
      const answer = await api(contract.valuation.estimate, { body: JSON.parse(JSON.stringify(body)) as typeof body });
      setValuation(answer);
      onEstimate({ address: at ? fields.address.trim() || 'The home picked on the map' : fields.address.trim(), value: body }, answer);
      // Focus moves to the answer so a keyboard or screen-reader user hears it.
      requestAnimationFrame(() => result.current?.focus());
    } catch (err) {
      setValuation(null);
      setError(err instanceof ApiError ? err.message : 'The server cannot be reached');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.value} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your home’s instant value</h2>
      <form onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
        <div className={styles.fields}>
          <div className={styles.address}>
            <label className={formStyles.label} htmlFor={`${id}-address`}>
              Address of your home
            </label>
            <input
              id={`${id}-address`}
              name="address"
              className={formStyles.input}
              value={fields.address}
              onChange={set('address')}
              autoComplete="street-address"
              aria-invalid={error ? true : undefined}
              required
            />
          </div>
          <div>
            <label className={formStyles.label} htmlFor={`${id}-beds`}>
              Beds
            </label>
            <input
              id={`${id}-beds`}
              name="beds"
              type="number"
              min={0}
              className={formStyles.input}
              value={fields.beds}
              onChange={set('beds')}
              inputMode="numeric"
            />
          </div>
          <div>
            <label className={formStyles.label} htmlFor={`${id}-baths`}>
              Baths
            </label>
            <input
              id={`${id}-baths`}
              name="baths"
              type="number"
              min={0}
              className={formStyles.input}
              value={fields.baths}
              onChange={set('baths')}
              inputMode="numeric"
            />
          </div>
          <div>
            <label className={formStyles.label} htmlFor={`${id}-sqft`}>
              Size (sq ft)
            </label>
            <input
              id={`${id}-sqft`}
              name="livingArea"
              type="number"
              min={0}
              className={formStyles.input}
              value={fields.livingArea}
              onChange={set('livingArea')}
              inputMode="numeric"
            />
          </div>
          <div>
            <label className={formStyles.label} htmlFor={`${id}-year`}>
              Year built
            </label>
            <input
              id={`${id}-year`}
              name="yearBuilt"
              type="number"
              min={1700}
              className={formStyles.input}
              value={fields.yearBuilt}
              onChange={set('yearBuilt')}
              inputMode="numeric"
            />
          </div>
        </div>
        <button
          type="button"
          className={formStyles.linkButton}
          aria-expanded={picking}
          onClick={() => {
            setPicking((v) => !v);
            setError(null);
          }}
        >
          {picking ? 'Use the address instead' : 'Pick it on the map instead'}
        </button>
        {picking && (
          <Suspense fallback={<div className={styles.mapSlot} aria-busy="true" />}>
            <div data-testid="pick-map">
              <PointsMap
                label="Map to pick your home on"
                center={valuation?.home ?? COUNTRY.start}
                zoom={valuation ? 14 : COUNTRY.zoom}
                home={picked && { point: picked, name: 'Your home' }}
                onPick={(p) => {
                  setPicked(p);
                  setError(null);
                }}
              />
            </div>
          </Suspense>
        )}
        {error && (
          <p id={`${id}-error`} className={formStyles.error} role="alert">
            {error}
          </p>
        )}
        <div className={formStyles.actions}>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Estimating…' : 'See my estimate'}
          </button>
        </div>
      </form>

      {valuation && (
        <div data-testid="valuation">
          <div className={styles.estimate}>
            <h3 ref={result} tabIndex={-1}>
              Estimated value
            </h3>
            <p className={styles.figure} data-testid="estimate">
              {money(valuation.estimate)}
            </p>
            <p>
              Likely range {money(valuation.low)} – {money(valuation.high)} · confidence {confidenceWords(valuation.confidence)}
            </p>
            <p className={styles.note}>
              This is an automated estimate from {valuation.comps.length} nearby sales, not an appraisal: it does not know your home’s condition, updates or
              view. An agent’s market analysis (below) looks at the home itself.
            </p>
          </div>
          <h3>The sales it rests on</h3>
          <Suspense fallback={<div className={styles.mapSlot} aria-busy="true" />}>
            <PointsMap
              label="Map of your home and the comparable sales"
              center={valuation.home}
              zoom={13}
              home={{ point: valuation.home, name: 'Your home' }}
              points={valuation.comps}
              fit
            />
          </Suspense>
          <CompsTable
            caption="Comparable sales, with what was added or taken off each price to compare it with your home"
            numbered
            rows={valuation.comps.map((c) => ({
              ...c,
              key: c.pdid,
              adjusted: (
                <>
                  <strong>{money(c.adjustedPrice)}</strong>
                  {c.adjustments.length > 0 && (
                    <ul>
                      {c.adjustments
                        .filter((a) => Math.abs(a.dollars) >= 100)
                        .map((a) => (
                          <li key={a.feature}>{adjustmentWords(a)}</li>
                        ))}
                    </ul>
                  )}
                </>
              ),
            }))}
          />
        </div>
      )}
    </section>
  );
}

/** The estimate in words for the seller lead's message, so the agent sees it on the lead's timeline. */
export function estimateSummary(home: ValuedHome, v: Valuation): string {
  return `Instant estimate for ${home.address}: ${money(v.estimate)} (range ${money(v.low)} – ${money(v.high)}), as of ${v.asOf}, from ${v.comps.length} comparable sales. Please send me a market analysis (CMA).`;
}
