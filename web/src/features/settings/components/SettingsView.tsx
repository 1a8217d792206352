import { useEffect, useState } from 'react';
import { MailboxSetting } from '../../mailbox';
import { ReplyNoticesSetting } from './ReplyNoticesSetting';
import { TimeZoneSetting } from '../../tasks';
import { agentZone, rememberZone } from '../../../api/tasksApi';
import { enableWebPush, pushSupported } from '../../../lib/webPush';
import panel from '../../../ui/RoutingSettingsPanel.module.css';
import styles from './SettingsView.module.css';

/**
 * `/dashboard?view=settings`: the viewer's own settings — how they hear of lead replies, web
 * push in this browser, their time zone. The office's settings (team, pipeline, templates, and
 * the sites' settings) are views of their own in the nav's Settings group.
 */
export function SettingsView() {
  const [zone, setZone] = useState<string | null>(null);
  const [push, setPush] = useState<string | null>(null);
  useEffect(() => {
    void agentZone().then(setZone, () => undefined);
  }, []);
  return (
    <div className={styles.view}>
      <h1 className={styles.title}>My settings</h1>
      <ReplyNoticesSetting />
      <MailboxSetting />
      <section className={panel.panel} aria-labelledby="settings-push-title">
        <h2 id="settings-push-title">Notifications in this browser</h2>
        <p className={panel.muted}>New leads, chat messages and lead replies as notifications of this browser, even while the dashboard is closed.</p>
        {pushSupported() ? (
          <div className={panel.actions}>
            <button type="button" className="btn" onClick={() => void enableWebPush().then(setPush, () => setPush('failed'))}>
              Turn on notifications
            </button>
            <span role="status" className={panel.muted}>
              {push === 'enabled'
                ? 'Notifications are on in this browser.'
                : push === 'denied'
                  ? 'The browser refused: allow notifications for this site in its settings.'
                  : push
                    ? 'Notifications could not be turned on.'
                    : null}
            </span>
          </div>
        ) : (
          <p className={panel.muted}>This browser does not offer web push.</p>
        )}
      </section>
      <section className={panel.panel} aria-labelledby="settings-zone-title">
        <h2 id="settings-zone-title">Time zone</h2>
        {zone && (
          <TimeZoneSetting
            zone={zone}
            onSaved={(z) => {
              rememberZone(z);
              setZone(z);
            }}
          />
        )}
      </section>
    </div>
  );
}
