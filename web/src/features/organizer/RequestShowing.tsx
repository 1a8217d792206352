import { useId, useState } from 'react';
import { requestShowing } from '../../api/organizer-notes';
import f from '../../ui/forms.module.css';
import { useT } from '../../ui/translations';
import { ActionModal } from './ActionModal';
import { localInputValue, preferredAtIso } from './organizerForms';

/** 'Request a showing': a preferred date and time (the lead's own clock) and an optional message. */
export function RequestShowing({ pdid, address }: { pdid: string; address: string }) {
  const id = useId();
  const t = useT();
  const [at, setAt] = useState('');
  const send = async (message: string) => {
    const when = preferredAtIso(at, new Date(), t);
    if ('error' in when) return when;
    await requestShowing(pdid, when.iso, message);
    return { done: t('showing.requested', 'Showing requested. An agent will confirm the time with you.') };
  };
  return (
    <ActionModal
      label={t('showing.request', 'Request a showing')}
      title={t('showing.request', 'Request a showing')}
      submitLabel={t('showing.submit', 'Request showing')}
      onOpen={() => setAt('')}
      send={send}
    >
      <p>{t('showing.when', 'When would you like to see {address}?', { address })}</p>
      <div className={f.field}>
        <label htmlFor={`${id}-at`} className={f.label}>
          {t('showing.at', 'Preferred date and time')}
        </label>
        <input id={`${id}-at`} className={f.input} type="datetime-local" min={localInputValue(new Date())} value={at} onChange={(e) => setAt(e.target.value)} />
      </div>
    </ActionModal>
  );
}
