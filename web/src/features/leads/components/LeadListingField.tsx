import { useEffect, useState } from 'react';
import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import type { AgentListingsResponse } from '../../../../../src/contract/agent-listings';
import forms from '../../../ui/forms.module.css';

/** A listing id as the inquiry takes it (the server answers 404 for one we do not have). */
export const PDID = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * The listing a lead added by hand asked about (optional): typed as its listing id, or picked
 * from the viewer's own listings, which the input suggests by address and MLS number.
 */
export function LeadListingField({
  id,
  value,
  onChange,
  error,
}: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (pdid: string) => void;
  readonly error?: string;
}) {
  const [mine, setMine] = useState<AgentListingsResponse['listings']>([]);
  useEffect(() => {
    api(contract.leads.myListings, { query: { page: '1', perpage: '100' } }).then(
      (r) => setMine(r.listings),
      () => setMine([]),
    );
  }, []);
  return (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={id}>
        Listing (optional)
      </label>
      <input
        id={id}
        name="pdid"
        className={forms.input}
        list={`${id}-mine`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={!!error}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <datalist id={`${id}-mine`}>
        {mine.map((l) => (
          <option key={l.pdid} value={l.pdid}>
            {[l.address, l.city, l.mlsid ? `MLS ${l.mlsid}` : null].filter(Boolean).join(', ')}
          </option>
        ))}
      </datalist>
      <span id={`${id}-hint`} className={forms.hint}>
        The home they asked about: its listing id, or pick one of your listings
      </span>
      {error && (
        <p id={`${id}-error`} className={forms.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
