import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { REPLY_NOTICE_CHOICES, REPLY_NOTICE_LABEL, type ReplyNoticeChoice } from '../../../../../src/contract/thread';
import { type ReplyNotices, settingsApi } from '../api/settingsApi';
import forms from '../../../ui/forms.module.css';
import panel from '../../../ui/RoutingSettingsPanel.module.css';
import styles from './SettingsView.module.css';
import { SettingsSave } from '../../../ui/SettingsSave';

/**
 * How the agent hears of a lead's text or e-mail reply besides this dashboard and web push
 * (always): by e-mail, text, both or neither. Radio buttons (arrow keys choose), saved with the
 * button; the server's answer is what is shown, with why a text cannot reach them.
 */
export function ReplyNoticesSetting() {
  const id = useId();
  const [saved, setSaved] = useState<ReplyNotices | null>(null);
  const [choice, setChoice] = useState<ReplyNoticeChoice>('email');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const show = (r: ReplyNotices) => {
    setSaved(r);
    setChoice(r.notifyBy);
  };
  useEffect(() => {
    settingsApi.replyNotices().then(show, (err: unknown) => setError(err instanceof ApiError ? err.message : 'Your reply notices could not be loaded'));
  }, []);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const r = await settingsApi.setReplyNotices(choice);
      show(r);
      setStatus(`Saved: ${REPLY_NOTICE_LABEL[r.notifyBy].toLowerCase()}.`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Your reply notices could not be saved');
    }
    setBusy(false);
  };

  const textWanted = choice === 'text' || choice === 'both';
  return (
    <section className={panel.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Lead replies</h2>
      {saved === null && !error && <p className={panel.muted}>Loading…</p>}
      {saved && (
        <form onSubmit={(e) => void save(e)} className={panel.form}>
          <fieldset className={forms.fieldset} aria-describedby={`${id}-hint`}>
            <legend className={styles.legend}>When a lead replies by text or e-mail, also tell me</legend>
            {REPLY_NOTICE_CHOICES.map((c) => (
              <label key={c} className={forms.check}>
                <input type="radio" name={`${id}-by`} value={c} checked={choice === c} onChange={() => setChoice(c)} /> {REPLY_NOTICE_LABEL[c]}
              </label>
            ))}
          </fieldset>
          <p id={`${id}-hint`} className={panel.muted}>
            The conversation on this dashboard and web push (where you turned it on) always tell you at once.
          </p>
          {textWanted && saved.textReason && (
            <p className={styles.warning} role="note">
              {saved.textReason}. <a href="/account">Open My account</a>
            </p>
          )}
          <SettingsSave busy={busy} label="Save" status={status} />
        </form>
      )}
      {error && (
        <p role="alert" className={panel.error}>
          {error}
        </p>
      )}
    </section>
  );
}
