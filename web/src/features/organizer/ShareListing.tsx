import { useId, useState } from 'react';
import { shareListing } from '../../api/organizer-notes';
import f from '../../ui/forms.module.css';
import { ActionModal } from './ActionModal';

/** 'Share': a friend's e-mail and an optional message. The address is checked by the server, whose message is shown. */
export function ShareListing({ pdid, address }: { pdid: string; address: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const send = async (message: string) => {
    await shareListing(pdid, email.trim(), message);
    return { done: `Shared with ${email.trim()}.` };
  };
  return (
    <ActionModal label="Share" title="Share this home" submitLabel="Share" onOpen={() => setEmail('')} send={send}>
      <p>Send {address} to a friend.</p>
      <div className={f.field}>
        <label htmlFor={`${id}-email`} className={f.label}>
          Friend’s e-mail
        </label>
        <input id={`${id}-email`} className={f.input} type="email" autoComplete="off" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
    </ActionModal>
  );
}
