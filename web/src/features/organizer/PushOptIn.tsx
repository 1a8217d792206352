import { useEffect, useState } from 'react';
import { currentPushSubscription, disableWebPush, enableWebPush, pushSupported } from '../../lib/webPush';
import forms from '../../ui/forms.module.css';
import { useT } from '../../ui/translations';

type State = 'checking' | 'unsupported' | 'off' | 'on' | 'denied' | 'busy';

/**
 * The lead's opt-in to web push (issue 16): notifications when their agent answers in chat and
 * when a new home matches a saved search with instant alerts. Asked only when the lead presses
 * the button (never on page load: browsers and people both dislike a prompt out of nowhere).
 */
export function PushOptIn() {
  const t = useT();
  const [state, setState] = useState<State>('checking');
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (!pushSupported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    currentPushSubscription().then(
      (s) => setState(s ? 'on' : 'off'),
      () => setState('off'),
    );
  }, []);

  const turnOn = async () => {
    setState('busy');
    setNote(null);
    try {
      const r = await enableWebPush();
      setState(r === 'enabled' ? 'on' : r === 'denied' ? 'denied' : 'unsupported');
      if (r === 'enabled') setNote(t('push.on', 'Notifications are on for this browser.'));
    } catch {
      setState('off');
      setNote(t('push.onFailed', 'Notifications could not be turned on; please try again.'));
    }
  };
  const turnOff = async () => {
    setState('busy');
    setNote(null);
    try {
      await disableWebPush();
      setState('off');
      setNote(t('push.off', 'Notifications are off for this browser.'));
    } catch {
      setState('on');
      setNote(t('push.offFailed', 'Notifications could not be turned off; please try again.'));
    }
  };

  if (state === 'checking') return null;
  return (
    <div className={forms.form}>
      <p>
        {t(
          'push.lead',
          'Get a notification on this device when your agent replies in chat, and the moment a new home matches a saved search with instant alerts.',
        )}
      </p>
      {state === 'unsupported' && <p className={forms.hint}>{t('push.unsupported', 'This browser cannot show notifications from websites.')}</p>}
      {state === 'denied' && (
        <p className={forms.hint}>{t('push.denied', 'Notifications are blocked for this site in your browser settings; allow them there to turn them on.')}</p>
      )}
      {(state === 'off' || state === 'on' || state === 'busy') && (
        <div className={forms.actions}>
          {state === 'on' ? (
            <button type="button" className="btn" onClick={() => void turnOff()}>
              {t('push.turnOff', 'Turn off notifications')}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" disabled={state === 'busy'} onClick={() => void turnOn()}>
              {t('push.turnOn', 'Turn on notifications')}
            </button>
          )}
        </div>
      )}
      {note && (
        <p role="status" className={forms.hint}>
          {note}
        </p>
      )}
    </div>
  );
}
