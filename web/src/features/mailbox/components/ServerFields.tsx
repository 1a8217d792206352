import type { MailServerSettings } from '../../../../../src/contract/mailbox';
import forms from '../../../ui/forms.module.css';
import styles from './MailboxSetting.module.css';

/** One server's host, port and whether TLS starts at once (else the server must offer STARTTLS). */
export function ServerFields({
  id,
  kind,
  value,
  onChange,
}: {
  readonly id: string;
  readonly kind: 'IMAP' | 'SMTP';
  readonly value: MailServerSettings;
  readonly onChange: (v: MailServerSettings) => void;
}) {
  return (
    <fieldset className={forms.fieldset}>
      <legend className={forms.legend}>{kind} server</legend>
      <div className={styles.servers}>
        <label className={forms.field}>
          <span className={forms.label}>Server</span>
          <input
            id={`${id}-host`}
            className={forms.input}
            value={value.host}
            onChange={(e) => onChange({ ...value, host: e.target.value })}
            required
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <label className={forms.field}>
          <span className={forms.label}>Port</span>
          <input
            className={forms.input}
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            value={value.port}
            onChange={(e) => onChange({ ...value, port: Number(e.target.value) })}
            required
          />
        </label>
        <label className={`${forms.check} ${styles.secure}`}>
          <input type="checkbox" checked={value.secure} onChange={(e) => onChange({ ...value, secure: e.target.checked })} /> TLS from the start (ports 993 and
          465)
        </label>
      </div>
    </fieldset>
  );
}
