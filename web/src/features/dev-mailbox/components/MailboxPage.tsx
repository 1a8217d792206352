import { Fragment, useEffect, useState } from 'react';
import { contract } from '../../../../../src/contract/routes';
import type { ResponseOf } from '../../../../../src/contract/route';
import { api } from '../../../api/contract-client';
import { ApiError } from '../../../api/http';
import styles from './MailboxPage.module.css';

type Mail = ResponseOf<typeof contract.devOutboxes.mailbox>['messages'][number];

const URL_IN_TEXT = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its web addresses as links; nothing in a message is ever read as HTML. */
function Linked({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_IN_TEXT).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} rel="noreferrer">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Why the mailbox cannot be shown, by the server's answer (staff only; absent in production). */
export function mailboxRefusal(err: unknown): string {
  if (!(err instanceof ApiError)) return 'The mailbox could not be read.';
  if (err.status === 401) return 'Sign in as staff to read the development mailbox.';
  if (err.status === 403) return 'The development mailbox is for staff only.';
  if (err.status === 404) return 'The development mailbox is not available on this server.';
  return 'The mailbox could not be read.';
}

/** /dev/mailbox: what the development outbox "sent" (password links, alerts), newest first; staff only. */
export function MailboxPage() {
  const [mails, setMails] = useState<readonly Mail[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Development mailbox';
    api(contract.devOutboxes.mailbox).then(
      (r) => setMails(r.messages),
      (err: unknown) => setError(mailboxRefusal(err)),
    );
  }, []);
  return (
    <main id="main" className="simple-page">
      <h1>Development mailbox</h1>
      {error && <p role="alert">{error}</p>}
      {mails && mails.length === 0 && <p>No messages yet.</p>}
      {mails?.map((m) => (
        <article key={m.id} className={styles.mail} aria-label={m.subject}>
          <header className={styles.head}>
            <strong>{m.subject}</strong>
            <span>
              to {m.to} · {new Date(m.createdAt).toLocaleString()}
            </span>
          </header>
          <pre className={styles.text}>
            <Linked text={m.text ?? ''} />
          </pre>
        </article>
      ))}
    </main>
  );
}
