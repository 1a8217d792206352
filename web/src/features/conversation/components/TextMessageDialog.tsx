import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { Modal } from '../../../ui/Modal';
import { dashboardApi } from '../../../api/dashboardApi';
import { DialogFormEnd } from '../../../ui/DialogFormEnd';
import styles from './TextMessageDialog.module.css';

/** The spec's alert (section 5), shown before anything is sent; the server answers the same words. */
export const mmsCapAlert = (cap: number) => `Max allowed recipients of MMS (video) messages is ${cap}.`;

/** A text or a video (MMS) message to the selected leads; consent is checked on the server for each. */
export function TextMessageDialog({ open, leadIds, cap, onClose }: { open: boolean; leadIds: readonly string[]; cap: number; onClose: () => void }) {
  const [kind, setKind] = useState<'text' | 'video'>('text');
  const [body, setBody] = useState('');
  const [mediaUrl, setMediaUrl] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { body: useId(), media: useId() };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    if (leadIds.length > cap) {
      setAlert(mmsCapAlert(cap));
      return;
    }
    setAlert(null);
    setBusy(true);
    dashboardApi
      .sendText(leadIds, kind, body, kind === 'video' ? mediaUrl : null)
      .then((r) => {
        const skipped = r.skipped.length ? ` ${r.skipped.length} skipped (${[...new Set(r.skipped.map((s) => s.reason.replace(/-/g, ' ')))].join(', ')}).` : '';
        setResult(`Sent to ${r.sent} lead${r.sent === 1 ? '' : 's'}.${skipped}`);
        setBody('');
      })
      .catch((err: unknown) => setAlert(err instanceof ApiError ? err.message : 'The message was not sent'))
      .finally(() => setBusy(false));
  };

  return (
    <Modal open={open} title="Text selected leads" onClose={onClose} size="small">
      <form className={styles.form} onSubmit={submit}>
        <p className={styles.count}>
          {leadIds.length} lead{leadIds.length === 1 ? '' : 's'} selected. Leads who turned texts off are skipped.
        </p>
        <fieldset className={styles.kinds}>
          <legend className="visually-hidden">Kind of message</legend>
          <label>
            <input type="radio" name="kind" checked={kind === 'text'} onChange={() => setKind('text')} /> Text
          </label>
          <label>
            <input type="radio" name="kind" checked={kind === 'video'} onChange={() => setKind('video')} /> Video (MMS)
          </label>
        </fieldset>
        <label htmlFor={ids.body}>Message</label>
        <textarea id={ids.body} rows={4} maxLength={1600} value={body} onChange={(e) => setBody(e.target.value)} required={kind === 'text'} />
        {kind === 'video' && (
          <>
            <label htmlFor={ids.media}>Video address (https)</label>
            <input id={ids.media} type="url" placeholder="https://…" value={mediaUrl} onChange={(e) => setMediaUrl(e.target.value)} required />
          </>
        )}
        <DialogFormEnd failure={alert} done={result} busy={busy} disabled={leadIds.length === 0} submitLabel="Send" busyLabel="Sending…" onClose={onClose} />
      </form>
    </Modal>
  );
}
