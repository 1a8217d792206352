import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { stepLine } from '../../../../../src/contract/plans';
import type { StarterKitView, StarterStep } from '../../../../../src/contract/starter-kit';
import { type Status, StatusLine } from '../../../ui/StatusLine';
import { starterKitApi } from '../api/starterKitApi';
import styles from './StarterKit.module.css';

type Props = {
  readonly kind: 'plans' | 'templates';
  readonly role: 'agent' | 'broker' | 'staff';
  /** Staff: the office they picked (null: none yet). */
  readonly office: string | null;
  /** Told after a copy, so the view lists the new office plan or template. */
  readonly onCopied: () => void;
};

const TEXT = {
  plans: { title: 'Starter plans', empty: 'No starter plans are available.', copied: 'is now one of your office plans; edit it like any plan.' },
  templates: {
    title: 'Starter templates',
    empty: 'No starter templates are available.',
    copied: 'is now one of your office templates; edit it like any template.',
  },
} as const;

/**
 * The starter action plans or e-mail templates shipped with the product, each with "Copy to my
 * office" (the broker, or staff for the office they picked). A copy is an ordinary office plan or
 * template; a starter the office already holds says so instead of copying it again.
 */
export function StarterKit({ kind, role, office, onCopied }: Props) {
  const id = useId();
  const [kit, setKit] = useState<StarterKitView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [open, setOpen] = useState(false);
  const mayCopy = role === 'broker' || (role === 'staff' && office !== null);
  const text = TEXT[kind];

  useEffect(() => {
    setKit(null);
    starterKitApi.list(role === 'staff' ? office : null).then(
      (k) => {
        setKit(k);
        setFailure(null);
        // An office with no copies yet meets the starters open; afterwards they stay out of the way.
        if (Object.keys(kind === 'plans' ? k.copiedPlans : k.copiedTemplates).length === 0 && (role === 'broker' || office)) setOpen(true);
      },
      (err: unknown) => setFailure(err instanceof ApiError ? err.message : 'The starters could not be loaded'),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [office, role]);

  const copied = kit ? (kind === 'plans' ? kit.copiedPlans : kit.copiedTemplates) : {};
  const templateName = (key: string) => kit?.templates.find((t) => t.key === key)?.name ?? null;
  const describe = (s: StarterStep) => (s.kind === 'email' ? stepLine({ kind: 'email', templateId: s.templateKey }, templateName(s.templateKey)) : stepLine(s));

  const copy = (key: string, name: string) => {
    if (busy) return;
    setBusy(key);
    starterKitApi
      .copy(kind, key, role === 'staff' ? office : null)
      .then((r) => {
        setKit((k) =>
          k
            ? kind === 'plans'
              ? { ...k, copiedPlans: { ...k.copiedPlans, [key]: r.id } }
              : { ...k, copiedTemplates: { ...k.copiedTemplates, [key]: r.id } }
            : k,
        );
        setStatus({ error: false, text: `“${name}” ${text.copied}` });
        onCopied();
      })
      .catch((err: unknown) => setStatus({ error: true, text: err instanceof ApiError ? err.message : 'The starter could not be copied' }))
      .finally(() => setBusy(null));
  };

  const items = kit
    ? kind === 'plans'
      ? kit.plans.map((p) => ({ key: p.key, name: p.name, line: p.summary, steps: p.steps.map(describe), body: null }))
      : kit.templates.map((t) => ({ key: t.key, name: t.name, line: t.subject, steps: [] as string[], body: t.body }))
    : [];

  return (
    <details className={styles.kit} aria-labelledby={`${id}-title`} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary id={`${id}-title`}>
        {text.title} <span className="visually-hidden">(shipped with Porchlight)</span>
      </summary>
      <p>
        {mayCopy
          ? 'Written as a brokerage would send them. Copy one to your office, then change its wording and timing to suit you.'
          : role === 'staff'
            ? 'Pick an office above to copy starters into it.'
            : 'Your broker can copy these into the office.'}
      </p>
      <StatusLine status={status} />
      {failure ? (
        <p role="alert">{failure}</p>
      ) : kit === null ? (
        <p>Loading…</p>
      ) : items.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((it) => (
            <li key={it.key} className={styles.item}>
              <div>
                <h3>{it.name}</h3>
                <p>{it.line}</p>
                {it.steps.length > 0 && (
                  <ol className={styles.steps} aria-label={`Steps of ${it.name}`}>
                    {it.steps.map((s, i) => (
                      <li key={i}>{s}</li>
                    ))}
                  </ol>
                )}
                {it.body && (
                  <details className={styles.message}>
                    <summary>
                      Read the message<span className="visually-hidden"> of {it.name}</span>
                    </summary>
                    <p>{it.body}</p>
                  </details>
                )}
              </div>
              {mayCopy &&
                (copied[it.key] ? (
                  <span className={styles.done}>In your office</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={busy !== null}
                    aria-busy={busy === it.key}
                    onClick={() => copy(it.key, it.name)}
                  >
                    {busy === it.key ? 'Copying…' : 'Copy to my office'}
                    <span className="visually-hidden"> {it.name}</span>
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
