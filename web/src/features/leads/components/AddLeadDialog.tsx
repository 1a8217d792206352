import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { splitTags } from '../../../../../src/contract/lead-import';
import { INQUIRY_MESSAGE_FIELD, validateInquiry } from '../../../../../src/contract/validate-inquiry';
import { ApiError } from '../../../api/http';
import { Modal } from '../../../ui/Modal';
import forms from '../../../ui/forms.module.css';
import styles from './AddLeadDialog.module.css';
import type { Agent, Role } from '../../../api/dashboardApi';
import { DialogFormEnd } from '../../../ui/DialogFormEnd';
import { type LeadSite, leadIoApi, partialNameAllowed } from '../api/leadIoApi';
import { LeadListingField, PDID } from './LeadListingField';
import { LeadTargetFields } from './LeadTargetFields';

type Field = 'FullName' | 'Email' | 'Phone';
const EMPTY = { FullName: '', Email: '', Phone: '', LeadType: 'Buyer', Message: '', Tags: '', pdid: '' };
export const LEAD_TYPES = ['Buyer', 'Seller', 'Buyer and seller', 'Renter', 'Investor', 'Other'] as const;

/**
 * "Add lead": the inquiry's fields, checked by the inquiry's rules (with the chosen site's name
 * setting) before sending, the server's message beside its input too, 'Email already in use'
 * beside the e-mail. A broker may add for an agent of the office; anyone
 * with more than one site picks the site.
 */
export function AddLeadDialog({
  open,
  onClose,
  onAdded,
  role,
  viewerId,
  agents,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (leadId: string) => void;
  role: Role;
  viewerId: string | null;
  agents: readonly Agent[];
}) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [siteId, setSiteId] = useState('');
  const [agentId, setAgentId] = useState('');
  const [sites, setSites] = useState<readonly LeadSite[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [listingError, setListingError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!open) return;
    setValues(EMPTY);
    setErrors({});
    setFailure(null);
    setListingError(undefined);
    void leadIoApi.sites().then(
      (r) => setSites(r.sites),
      () => setSites([]),
    );
  }, [open]);

  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    if (k in errors) setErrors((x) => ({ ...x, [k]: undefined }));
  };
  const show = (message: string) => {
    const field = INQUIRY_MESSAGE_FIELD[message];
    if (field === 'FullName' || field === 'Email' || field === 'Phone') {
      setErrors({ [field]: message });
      form.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
    } else setFailure(message);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const problem = validateInquiry(values, { allowPartialName: partialNameAllowed(sites, siteId) });
    if (problem) return show(problem);
    const pdid = values.pdid.trim();
    if (pdid && !PDID.test(pdid)) return setListingError('A listing id has letters, digits, dots, dashes, colons or underscores only');
    setBusy(true);
    try {
      const body: Record<string, string> = {
        FullName: values.FullName.trim(),
        Email: values.Email.trim(),
        Phone: values.Phone.trim(),
        LeadType: values.LeadType,
      };
      if (values.Message.trim()) body.Message = values.Message.trim();
      if (splitTags(values.Tags).length) body.Tags = splitTags(values.Tags).join(',');
      if (siteId) body.siteId = siteId;
      if (agentId) body.agentId = agentId;
      if (pdid) body.pdid = pdid;
      const { leadId } = await leadIoApi.addLead(body);
      onAdded(leadId);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'The server cannot be reached';
      if (message === 'Email already in use') setErrors({ Email: 'Email already in use: this person is a lead of your office already' });
      else if (message === 'Listing not found' || message === 'pdid is not a listing id') setListingError(`${message}: check the listing id`);
      else show(message);
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field, label: string, type: string, autoComplete: string) => (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={`${id}-${field}`}>
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        name={field}
        type={type}
        autoComplete={autoComplete}
        className={forms.input}
        value={values[field]}
        onChange={set(field)}
        aria-invalid={!!errors[field]}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
      />
      {errors[field] && (
        <p id={`${id}-${field}-error`} className={styles.fieldError} role="alert">
          {errors[field]}
        </p>
      )}
    </div>
  );

  return (
    <Modal open={open} title="Add lead" onClose={onClose}>
      <form ref={form} className={forms.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <p className={forms.hint}>Someone you met or spoke with. They get no texts until they agree to them on your site.</p>
        {input('FullName', 'Full name', 'text', 'off')}
        <div className={`${forms.row} ${styles.top}`}>
          {input('Email', 'Email', 'email', 'off')}
          {input('Phone', 'Phone', 'tel', 'off')}
        </div>
        <div className={`${forms.row} ${styles.top}`}>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-type`}>
              Lead type
            </label>
            <select id={`${id}-type`} className={forms.input} value={values.LeadType} onChange={set('LeadType')}>
              {LEAD_TYPES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </div>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-tags`}>
              Tags
            </label>
            <input id={`${id}-tags`} className={forms.input} value={values.Tags} onChange={set('Tags')} aria-describedby={`${id}-tags-hint`} />
            <span id={`${id}-tags-hint`} className={forms.hint}>
              Separated by commas
            </span>
          </div>
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-message`}>
            What they are looking for
          </label>
          <textarea id={`${id}-message`} className={forms.input} value={values.Message} onChange={set('Message')} maxLength={5000} />
        </div>
        <LeadListingField
          id={`${id}-pdid`}
          value={values.pdid}
          error={listingError}
          onChange={(v) => {
            setValues((x) => ({ ...x, pdid: v }));
            setListingError(undefined);
          }}
        />
        <LeadTargetFields
          sites={sites}
          role={role}
          agents={agents}
          viewerId={viewerId}
          siteId={siteId}
          onSite={setSiteId}
          agentId={agentId}
          onAgent={setAgentId}
        />
        <DialogFormEnd failure={failure} busy={busy} submitLabel="Add lead" busyLabel="Adding…" closeLabel="Cancel" onClose={onClose} />
      </form>
    </Modal>
  );
}
