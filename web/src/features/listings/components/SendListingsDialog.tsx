import { type FormEvent, useEffect, useId, useState } from 'react';
import { LISTING_NOTE_MAX, type ListingPick, MAX_LISTINGS_PER_EMAIL } from '../../../../../src/contract/listings-push';
import { ApiError, isAbort } from '../../../api/http';
import { Modal } from '../../../ui/Modal';
import forms from '../../../ui/forms.module.css';
import { DialogFormEnd } from '../../../ui/DialogFormEnd';
import { ListingPickList } from './ListingPickList';
import styles from './ListingsPush.module.css';
import { listingsPushApi } from '../api/listingsPushApi';

type Kept = { readonly favorites: readonly ListingPick[]; readonly viewed: readonly ListingPick[] };

/**
 * "Send listings": the agent finds listings by address or MLS number, or picks among the lead's
 * favourites and the homes they viewed, adds a note, and sends one e-mail with their cards. The
 * e-mail's id is chosen when the dialog opens, so a retried send is the same e-mail.
 */
export function SendListingsDialog({ open, onClose, leadId, leadName }: { open: boolean; onClose: () => void; leadId: string; leadName: string }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<readonly ListingPick[] | null>(null);
  const [kept, setKept] = useState<Kept | null>(null);
  const [chosen, setChosen] = useState<ReadonlyMap<string, ListingPick>>(new Map());
  const [note, setNote] = useState('');
  const [messageId, setMessageId] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setQ('');
    setFound(null);
    setChosen(new Map());
    setNote('');
    setFailure(null);
    setDone(null);
    setMessageId(crypto.randomUUID());
    setKept(null);
    listingsPushApi.kept(leadId).then(setKept, () => setKept({ favorites: [], viewed: [] }));
  }, [open, leadId]);

  useEffect(() => {
    const term = q.trim();
    if (!open || term.length < 2) {
      setFound(null);
      return;
    }
    const timer = setTimeout(() => {
      listingsPushApi.find(leadId, term).then(
        (r) => setFound(r.listings),
        (err: unknown) => {
          if (!isAbort(err)) setFound([]);
        },
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [q, open, leadId]);

  const toggle = (l: ListingPick) => {
    setDone(null);
    setChosen((m) => {
      const next = new Map(m);
      if (next.has(l.pdid)) next.delete(l.pdid);
      else if (next.size < MAX_LISTINGS_PER_EMAIL) next.set(l.pdid, l);
      return next;
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || chosen.size === 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await listingsPushApi.send(leadId, [...chosen.keys()], note, messageId);
      setDone(
        `Sent ${chosen.size === 1 ? 'one listing' : `${chosen.size} listings`} to ${leadName}. The e-mail goes out in a moment; opens and clicks show in the timeline.`,
      );
      setChosen(new Map());
      setNote('');
      setMessageId(crypto.randomUUID());
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'The server cannot be reached');
    } finally {
      setBusy(false);
    }
  };

  const full = chosen.size >= MAX_LISTINGS_PER_EMAIL;
  const term = q.trim();
  return (
    <Modal open={open} title={`Send listings to ${leadName}`} onClose={onClose}>
      <form className={forms.form} onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-q`}>
            Find a listing by address or MLS number
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className={forms.input}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
            aria-describedby={`${id}-q-hint`}
          />
          <span id={`${id}-q-hint`} className={forms.hint}>
            Active listings whose address or MLS number starts with what you type.
          </span>
        </div>
        <div className={styles.lists}>
          {term.length >= 2 && (
            <ListingPickList
              id={`${id}-found`}
              legend="Search results"
              listings={found}
              empty={`No active listing starts with “${term}”.`}
              chosen={chosen}
              full={full}
              onToggle={toggle}
            />
          )}
          <ListingPickList
            id={`${id}-fav`}
            legend="Their favourites"
            listings={kept?.favorites ?? null}
            empty="No favourites yet."
            chosen={chosen}
            full={full}
            onToggle={toggle}
          />
          <ListingPickList
            id={`${id}-viewed`}
            legend="Homes they viewed"
            listings={kept?.viewed ?? null}
            empty="No homes viewed yet."
            chosen={chosen}
            full={full}
            onToggle={toggle}
          />
        </div>
        <p role="status" className={forms.hint}>
          {chosen.size === 0
            ? 'No listing chosen yet.'
            : `${chosen.size} of at most ${MAX_LISTINGS_PER_EMAIL} chosen: ${[...chosen.values()].map((l) => l.address.split(',')[0]).join('; ')}`}
        </p>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-note`}>
            Note (optional)
          </label>
          <textarea id={`${id}-note`} className={forms.input} value={note} maxLength={LISTING_NOTE_MAX} onChange={(e) => setNote(e.target.value)} />
        </div>
        <DialogFormEnd
          failure={failure}
          done={done}
          busy={busy}
          disabled={chosen.size === 0}
          submitLabel={chosen.size > 1 ? `Send ${chosen.size} listings` : 'Send listing'}
          busyLabel="Sending…"
          onClose={onClose}
        />
      </form>
    </Modal>
  );
}
