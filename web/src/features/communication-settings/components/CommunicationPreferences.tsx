import { useState } from 'react';
import { COMMUNICATION_BANNER } from '../../../../../src/contract/prompt-rules';
import { assertNever } from '../../../../../src/contract/assert-never';
import { type ConsentUpdate, updateConsent } from '../api/consentApi';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useToast } from '../../../ui/useToast';
import { useT } from '../../../ui/translations';
import styles from '../../../ui/forms.module.css';
import { saveFailure } from '../../../ui/useSave';

/** What the visitor receives; true = on. */
export type Preferences = { readonly email: boolean; readonly text: boolean; readonly alerts: boolean; readonly updates: boolean };
type Key = keyof Preferences;

type Label = { readonly id: string; readonly en: string };
const CHANNELS: readonly { key: Key; label: Label; lower: Label; hint: Label; off: Label }[] = [
  {
    key: 'email',
    label: { id: 'account.channel.email', en: 'E-mail' },
    lower: { id: 'account.channel.email.lower', en: 'e-mail' },
    hint: { id: 'account.channel.email.hint', en: 'Messages from your agent and this site by e-mail.' },
    off: { id: 'account.channel.email.off', en: 'You will no longer receive e-mail from your agent or this site.' },
  },
  {
    key: 'text',
    label: { id: 'account.channel.text', en: 'Text messages' },
    lower: { id: 'account.channel.text.lower', en: 'text messages' },
    hint: { id: 'account.channel.text.hint', en: 'Texts from your agent to your cell phone.' },
    off: { id: 'account.channel.text.off', en: 'You will no longer receive text messages from your agent.' },
  },
  {
    key: 'alerts',
    label: { id: 'account.channel.alerts', en: 'Property alerts' },
    lower: { id: 'account.channel.alerts.lower', en: 'property alerts' },
    hint: { id: 'account.channel.alerts.hint', en: 'New listings that match your saved searches.' },
    off: { id: 'account.channel.alerts.off', en: 'You will no longer receive alerts about new listings.' },
  },
  {
    key: 'updates',
    label: { id: 'account.channel.updates', en: 'Property updates' },
    lower: { id: 'account.channel.updates.lower', en: 'property updates' },
    hint: { id: 'account.channel.updates.hint', en: 'Price and status changes of homes you saved.' },
    off: { id: 'account.channel.updates.off', en: 'You will no longer receive updates about homes you saved.' },
  },
];

/** The account's update fields for one change (UnsubscribeX are the inverse of "on"). */
export function updateFor(key: Key, on: boolean): ConsentUpdate {
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
  const t = useT();
  const [prefs, setPrefs] = useState(initial);
  const [confirming, setConfirming] = useState<Key | null>(null);
  const [busy, setBusy] = useState<Key | null>(null);

  const save = async (key: Key, on: boolean) => {
    setBusy(key);
    try {
      await updateConsent(updateFor(key, on));
      setPrefs((p) => ({ ...p, [key]: on }));
      toast({
        title: t('communication.updated.title', COMMUNICATION_BANNER.title),
        message: t('communication.updated', COMMUNICATION_BANNER.text),
        tone: 'success',
      });
    } catch (err) {
      toast({ title: t('ui.failedToSave', 'Failed to Save'), message: saveFailure(err, t), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const channel = CHANNELS.find((c) => c.key === confirming);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('account.communication', 'Communication preferences')}</legend>
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
            <strong>{t(c.label.id, c.label.en)}</strong>
            <br />
            <span className={styles.hint}>{t(c.hint.id, c.hint.en)}</span>
          </span>
        </label>
      ))}
      {/* Closes at once: the save's outcome is a toast, as for every other change here. */}
      <ConfirmDialog
        open={channel !== undefined}
        title={channel ? t('account.unsubscribeTitle', 'Unsubscribe from {channel}?', { channel: t(channel.lower.id, channel.lower.en) }) : ''}
        keepLabel={t('account.keepReceiving', 'Keep receiving')}
        action={t('account.unsubscribe', 'Unsubscribe')}
        tone="primary"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!channel) return;
          setConfirming(null);
          void save(channel.key, false);
        }}
      >
        {channel && <p>{t(channel.off.id, channel.off.en)}</p>}
      </ConfirmDialog>
    </fieldset>
  );
}
