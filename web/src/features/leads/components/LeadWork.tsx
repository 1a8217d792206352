import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { TagChip, TagChipList } from '../../../ui/TagChip';
import formStyles from '../../../ui/forms.module.css';
import type { FeedLead } from '../../../api/dashboardApi';
import { DialogFormEnd } from '../../../ui/DialogFormEnd';
import { SaidAndRefused } from '../../../ui/SaidAndRefused';
import styles from './LeadWork.module.css';
import { type LeadChanges, type PatchedLead, pipelineApi } from '../../pipeline';

type Shown = Pick<PatchedLead, 'stage' | 'tags' | 'fullName' | 'email' | 'phone'>;
const NONE: readonly string[] = [];
const shownOf = (l: Shown): Shown => ({ stage: l.stage, tags: l.tags, fullName: l.fullName, email: l.email, phone: l.phone });

/**
 * Working one lead from its details: its stage (the office's pipeline), its tags (suggested from
 * the tags on the leads the viewer sees) and its contact fields. Each change is saved at once
 * (PATCH) and what the server answered is shown; a refusal shows its reason.
 */
export function LeadWork({ lead }: { lead: FeedLead }) {
  const id = useId();
  const [shown, setShown] = useState<Shown>(() => shownOf(lead));
  const [stage, setStage] = useState(lead.stage);
  // Keyed on the lead: a late answer for the lead shown before is kept under its id, never shown for this one.
  const stages =
    useQuery({ queryKey: ['dashboard', 'stages-of', lead.leadId], queryFn: ({ signal }) => pipelineApi.stagesOf(lead.leadId, signal) }).data?.stages ?? NONE;
  const known = useQuery({ queryKey: ['dashboard', 'tags'], queryFn: ({ signal }) => pipelineApi.tags(signal) }).data?.tags ?? NONE;
  const [tag, setTag] = useState('');
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  // What pushes bring (another viewer's change, the system's first-contact move) shows too.
  const tagKey = lead.tags.join('\n');
  useEffect(() => {
    setShown(shownOf(lead));
    setStage(lead.stage);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lead.leadId, lead.stage, tagKey, lead.fullName, lead.email, lead.phone]);

  const save = async (changes: LeadChanges, done: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      const r = await pipelineApi.patch(lead.leadId, changes);
      setShown(shownOf(r));
      setStage(r.stage);
      setStatus(done);
      return true;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The change could not be saved');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const addTag = (e: FormEvent) => {
    e.preventDefault();
    const t = tag.trim();
    if (!t) return;
    void save({ tags: [...shown.tags, t] }, `Tag ${t} added.`).then((ok) => ok && setTag(''));
  };

  const options = stages.includes(shown.stage) || !shown.stage ? stages : [shown.stage, ...stages];
  return (
    <section className={styles.work} aria-label="Work this lead">
      <form
        className={styles.line}
        onSubmit={(e) => {
          e.preventDefault();
          if (stage !== shown.stage) void save({ stage }, `Moved to ${stage}.`);
        }}
      >
        <label htmlFor={`${id}-stage`} className={styles.label}>
          Stage
        </label>
        <select id={`${id}-stage`} value={stage} onChange={(e) => setStage(e.target.value)} disabled={busy}>
          {options.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <button type="submit" className="btn" disabled={busy || stage === shown.stage}>
          Move
        </button>
      </form>

      <div className={styles.tags}>
        <span className={styles.label} id={`${id}-tags`}>
          Tags
        </span>
        <TagChipList aria-labelledby={`${id}-tags`}>
          {shown.tags.length === 0 && <li className={styles.none}>No tags yet</li>}
          {shown.tags.map((t) => (
            <li key={t}>
              <TagChip label={t} onRemove={() => void save({ tags: shown.tags.filter((x) => x !== t) }, `Tag ${t} removed.`)} />
            </li>
          ))}
        </TagChipList>
        <form className={styles.line} onSubmit={addTag}>
          <label htmlFor={`${id}-tag`} className="visually-hidden">
            New tag
          </label>
          <input
            id={`${id}-tag`}
            list={`${id}-known`}
            value={tag}
            maxLength={40}
            placeholder="Add a tag"
            onChange={(e) => setTag(e.target.value)}
            disabled={busy}
          />
          <datalist id={`${id}-known`}>
            {known
              .filter((k) => !shown.tags.some((t) => t.toLowerCase() === k.toLowerCase()))
              .map((k) => (
                <option key={k} value={k} />
              ))}
          </datalist>
          <button type="submit" className="btn" disabled={busy || !tag.trim()}>
            Add tag
          </button>
        </form>
      </div>

      {editing ? (
        <ContactForm
          shown={shown}
          busy={busy}
          onCancel={() => setEditing(false)}
          onSave={async (c) => {
            if (await save(c, 'Contact details saved.')) setEditing(false);
          }}
        />
      ) : (
        <button type="button" className={`btn ${styles.edit}`} onClick={() => setEditing(true)}>
          Edit contact details
        </button>
      )}
      <SaidAndRefused status={status} error={error} />
    </section>
  );
}

/** Name, e-mail and phone as the lead gave them; an empty phone removes it. The lead's own account is not changed. */
function ContactForm({ shown, busy, onSave, onCancel }: { shown: Shown; busy: boolean; onSave: (c: LeadChanges) => Promise<void>; onCancel: () => void }) {
  const id = useId();
  const [fullName, setFullName] = useState(shown.fullName);
  const [email, setEmail] = useState(shown.email);
  const [phone, setPhone] = useState(shown.phone ?? '');
  return (
    <form
      className={`${formStyles.form} ${styles.contact}`}
      onSubmit={(e) => {
        e.preventDefault();
        void onSave({ fullName, email, phone: phone.trim() ? phone : null });
      }}
    >
      <div className={formStyles.field}>
        <label htmlFor={`${id}-name`} className={formStyles.label}>
          Name
        </label>
        <input
          id={`${id}-name`}
          className={formStyles.input}
          value={fullName}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => setFullName(e.target.value)}
        />
      </div>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-email`} className={formStyles.label}>
          E-mail
        </label>
        <input
          id={`${id}-email`}
          className={formStyles.input}
          type="email"
          value={email}
          maxLength={254}
          autoComplete="off"
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-phone`} className={formStyles.label}>
          Phone
        </label>
        <input
          id={`${id}-phone`}
          className={formStyles.input}
          type="tel"
          value={phone}
          maxLength={40}
          autoComplete="off"
          onChange={(e) => setPhone(e.target.value)}
        />
      </div>
      <p className={styles.hint}>The lead's own account, and what they agreed to receive, stay as they are.</p>
      <DialogFormEnd failure={null} busy={busy} submitLabel="Save contact" closeLabel="Cancel" onClose={onCancel} />
    </form>
  );
}
