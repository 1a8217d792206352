import { useState } from 'react';
import { COMMUNICATION_BANNER } from '../../../../src/contract/prompt-rules';
import { assertNever } from '../../../../src/contract/assert-never';
import { type AccountUpdate, updateAccount } from '../../api/account';
import { Modal } from '../../ui/Modal';
import { useToast } from '../../ui/useToast';
import styles from '../../ui/forms.module.css';
import { saveFailure } from './useSave';

/** What the visitor receives; true = on. */
export type Preferences = { readonly email: boolean; readonly text: boolean; readonly alerts: boolean; readonly updates: boolean };
type Key = keyof Preferences;

const CHANNELS: readonly { key: Key; label: string; hint: string; off: string }[] = [
  { key: 'email', label: 'E-mail', hint: 'Messages from your agent and this site by e-mail.', off: 'You will no longer receive e-mail from your agent or this site.' },
  { key: 'text', label: 'Text messages', hint: 'Texts from your agent to your cell phone.', off: 'You will no longer receive text messages from your agent.' },
  { key: 'alerts', label: 'Property alerts', hint: 'New listings that match your saved searches.', off: 'You will no longer receive alerts about new listings.' },
  { key: 'updates', label: 'Property updates', hint: 'Price and status changes of homes you saved.', off: 'You will no longer receive updates about homes you saved.' },
];

/** The account's update fields for one change (UnsubscribeX are the inverse of "on"). */
export function updateFor(key: Key, on: boolean): AccountUpdate {
  switch (key) {
    case 'email':
      return { UnsubscribeEmail: !on };
    case 'text':
      return { UnsubscribeText: !on };
    case 'alerts':
      return { On_PropertyAlerts: on };
    case 'updates':
      return { On_PropertyUpdates: on };
    default:
      return assertNever(key);
  }
}

/** Communication preferences (spec section 8): every unsubscribe asks for confirmation first. */
export function CommunicationPreferences({ initial }: { initial: Preferences }) {
  const toast = useToast();
  const [prefs, setPrefs] = useState(initial);
  const [confirming, setConfirming] = useState<Key | null>(null);
  const [busy, setBusy] = useState<Key | null>(null);

  const save = async (key: Key, on: boolean) => {
    setBusy(key);
    try {
      await updateAccount(updateFor(key, on));
      setPrefs((p) => ({ ...p, [key]: on }));
      toast({ title: COMMUNICATION_BANNER.title, message: COMMUNICATION_BANNER.text, tone: 'success' });
    } catch (err) {
      toast({ title: 'Failed to Save', message: saveFailure(err), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const channel = CHANNELS.find((c) => c.key === confirming);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Communication preferences</legend>
      {CHANNELS.map((c) => (
        <label key={c.key} className={styles.check}>
          <input
            type="checkbox"
            checked={prefs[c.key]}
            disabled={busy !== null}
            onChange={(e) => {
              if (e.target.checked) void save(c.key, true);
              else setConfirming(c.key);
            }}
          />
          <span>
            <strong>{c.label}</strong>
            <br />
            <span className={styles.hint}>{c.hint}</span>
          </span>
        </label>
      ))}
      <Modal open={channel !== undefined} title={channel ? `Unsubscribe from ${channel.label.toLowerCase()}?` : ''} onClose={() => setConfirming(null)} size="small">
        {channel && (
          <div className={styles.form}>
            <p>{channel.off}</p>
            <div className={styles.actions}>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  setConfirming(null);
                  void save(channel.key, false);
                }}
              >
                Unsubscribe
              </button>
              <button type="button" className="btn" onClick={() => setConfirming(null)}>
                Keep receiving
              </button>
            </div>
          </div>
        )}
      </Modal>
    </fieldset>
  );
}
