import { type FormEvent, useEffect, useId, useState } from 'react';
import type { AlertFrequency } from '../../../api/organizer';
import { ApiError } from '../../../api/http';
import { Modal } from '../../../ui/Modal';
import forms from '../../../ui/forms.module.css';
import { ALERT_FREQUENCIES } from '../../organizer';
import { BED_CHOICES, LISTING_TYPES } from '../../search';
import { DialogFormEnd } from '../../../ui/DialogFormEnd';
import { listingsPushApi } from '../api/listingsPushApi';

const EMPTY = { name: '', place: '', minprice: '', maxprice: '', beds: '', listingtype: '', link: '' };
type Mode = 'form' | 'link';

/**
 * The search criteria of the dialog: a few fields (a 5-digit place is a zip code, else a city), or
 * the query string of a search the agent ran on the public site (its address pasted). The server
 * reads them with the search API's own rules and says what is wrong.
 */
export function criteriaOf(mode: Mode, v: typeof EMPTY): Record<string, string> | string {
  if (mode === 'link') {
    let url: URL;
    try {
      url = new URL(v.link.trim(), window.location.origin);
    } catch {
      return 'Paste the address of a search from the site’s search page';
    }
    if (!url.pathname.startsWith('/search')) return 'Paste the address of a search from the site’s search page';
    const criteria: Record<string, string> = {};
    for (const [k, value] of url.searchParams) if (value !== '') criteria[k] = value;
    return { filtersAsString: JSON.stringify(criteria) };
  }
  const place = v.place.trim();
  const out: Record<string, string> = {};
  if (place) out[/^\d{5}$/.test(place) ? 'zip' : 'city'] = place;
  for (const k of ['minprice', 'maxprice', 'beds', 'listingtype'] as const) if (v[k].trim()) out[k] = v[k].trim();
  return Object.keys(out).length ? out : 'Give a place, a price or the number of beds';
}

/** "Create search for lead": a saved search with alerts on the lead's organizer, which the lead can change or stop. */
export function LeadSearchDialog({ open, onClose, leadId, leadName }: { open: boolean; onClose: () => void; leadId: string; leadName: string }) {
  const id = useId();
  const [mode, setMode] = useState<Mode>('form');
  const [v, setV] = useState(EMPTY);
  const [frequency, setFrequency] = useState<AlertFrequency>('instant');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; warning: string | null } | null>(null);

  useEffect(() => {
    if (!open) return;
    setV(EMPTY);
    setFailure(null);
    setDone(null);
  }, [open]);

  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(null);
    const criteria = criteriaOf(mode, v);
    if (typeof criteria === 'string') return setFailure(criteria);
    setFailure(null);
    setBusy(true);
    try {
      const r = await listingsPushApi.saveSearch(leadId, { ...criteria, frequency, ...(v.name.trim() ? { name: v.name.trim() } : {}) });
      setDone({
        text: r.created ? `Saved for ${leadName}: it is in their organizer, where they can change or stop it.` : `${leadName} already has this search.`,
        warning: r.alertsAllowed ? null : `${leadName} turned property alerts or e-mail off: no alerts go out until they turn them on.`,
      });
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'The server cannot be reached');
    } finally {
      setBusy(false);
    }
  };

  const field = (k: 'name' | 'place' | 'minprice' | 'maxprice', label: string, extra: Record<string, string> = {}) => (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={`${id}-${k}`}>
        {label}
      </label>
      <input id={`${id}-${k}`} className={forms.input} value={v[k]} onChange={set(k)} {...extra} />
    </div>
  );

  return (
    <Modal open={open} title={`Create a search for ${leadName}`} onClose={onClose}>
      <form className={forms.form} onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <fieldset className={forms.fieldset}>
          <legend className="visually-hidden">How to give the search</legend>
          <div className={forms.actions}>
            <label className={forms.check}>
              <input type="radio" name={`${id}-mode`} checked={mode === 'form'} onChange={() => setMode('form')} /> Fill in the criteria
            </label>
            <label className={forms.check}>
              <input type="radio" name={`${id}-mode`} checked={mode === 'link'} onChange={() => setMode('link')} /> Paste a search from the site
            </label>
          </div>
        </fieldset>
        {mode === 'form' ? (
          <>
            {field('place', 'City or zip code', { autoComplete: 'off' })}
            <div className={forms.row}>
              {field('minprice', 'Min price ($)', { inputMode: 'numeric' })}
              {field('maxprice', 'Max price ($)', { inputMode: 'numeric' })}
            </div>
            <div className={forms.row}>
              <div className={forms.field}>
                <label className={forms.label} htmlFor={`${id}-beds`}>
                  Beds
                </label>
                <select id={`${id}-beds`} className={forms.input} value={v.beds} onChange={set('beds')}>
                  <option value="">Any</option>
                  {BED_CHOICES.map((b) => (
                    <option key={b} value={b}>
                      {b}+
                    </option>
                  ))}
                </select>
              </div>
              <div className={forms.field}>
                <label className={forms.label} htmlFor={`${id}-type`}>
                  Type
                </label>
                <select id={`${id}-type`} className={forms.input} value={v.listingtype} onChange={set('listingtype')}>
                  <option value="">Any</option>
                  {LISTING_TYPES.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </>
        ) : (
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-link`}>
              Search address
            </label>
            <input
              id={`${id}-link`}
              className={forms.input}
              value={v.link}
              onChange={set('link')}
              placeholder="https://…/search?city=…"
              aria-describedby={`${id}-link-hint`}
            />
            <span id={`${id}-link-hint`} className={forms.hint}>
              Run the search on the lead’s site, then copy the address from the browser.
            </span>
          </div>
        )}
        <div className={forms.row}>
          {field('name', 'Name (optional)')}
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-frequency`}>
              Alerts
            </label>
            <select id={`${id}-frequency`} className={forms.input} value={frequency} onChange={(e) => setFrequency(e.target.value as AlertFrequency)}>
              {ALERT_FREQUENCIES.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <DialogFormEnd failure={failure} done={done?.text ?? null} busy={busy} submitLabel="Save search" busyLabel="Saving…" onClose={onClose}>
          {done?.warning && <p className={forms.banner}>{done.warning}</p>}
        </DialogFormEnd>
      </form>
    </Modal>
  );
}
