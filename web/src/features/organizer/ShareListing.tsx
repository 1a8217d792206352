import { useId, useState } from 'react';
import { sendEmailConfirmation } from '../../api/account';
import { ApiError } from '../../api/http';
import { shareListing } from '../../api/organizer-notes';
import f from '../../ui/forms.module.css';
import { useT } from '../../ui/translations';
import { ActionModal } from './ActionModal';
import { formErrorMessage } from './organizerForms';

/**
 * 'Share': a friend's e-mail and an optional message. The address is checked by the server, whose
 * message is shown. A lead whose own address is not confirmed yet is refused (403) and offered
 * the confirmation link by e-mail, right in the form.
 */
export function ShareListing({ pdid, address }: { pdid: string; address: string }) {
  const id = useId();
  const t = useT();
  const [email, setEmail] = useState('');
  const [unconfirmed, setUnconfirmed] = useState(false);
  const send = async (message: string) => {
    setUnconfirmed(false);
    try {
      await shareListing(pdid, email.trim(), message);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) {
        setUnconfirmed(true);
        return { error: err.message };
      }
      throw err;
    }
    return { done: t('share.done', 'Shared with {email}.', { email: email.trim() }) };
  };
  return (
    <ActionModal
      label={t('share.button', 'Share')}
      title={t('share.title', 'Share this home')}
      submitLabel={t('share.button', 'Share')}
      onOpen={() => {
        setEmail('');
        setUnconfirmed(false);
      }}
      send={send}
      remedy={unconfirmed ? <ConfirmEmail /> : null}
    >
      <p>{t('share.lead', 'Send {address} to a friend.', { address })}</p>
      <div className={f.field}>
        <label htmlFor={`${id}-email`} className={f.label}>
          {t('share.email', 'Friend’s e-mail')}
        </label>
        <input
          id={`${id}-email`}
          className={f.input}
          type="email"
          autoComplete="off"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
    </ActionModal>
  );
}

/** 'Send me the link': the confirmation e-mail, and what the server said about it. */
function ConfirmEmail() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; ok: boolean } | null>(null);
  const ask = async () => {
    setBusy(true);
    try {
      setSaid({ text: (await sendEmailConfirmation()).message, ok: true });
    } catch (err) {
      setSaid({ text: formErrorMessage(err, t), ok: false });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={f.field}>
      {said ? (
        <p role={said.ok ? 'status' : 'alert'} className={said.ok ? f.success : f.error}>
          {said.text}
        </p>
      ) : null}
      {!said?.ok && (
        <button type="button" className="btn" disabled={busy} onClick={() => void ask()}>
          {busy ? t('action.sending', 'Sending…') : t('share.sendLink', 'Send me the link')}
        </button>
      )}
    </div>
  );
}
