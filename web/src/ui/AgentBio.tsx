import { useLayoutEffect, useRef, useState } from 'react';
import styles from './AgentBio.module.css';

/** Spec section 9: a bio is collapsed to 100 px with a 'read more' toggle when it is longer. */
export const BIO_COLLAPSED_PX = 100;

export function AgentBio({ text, id }: { text: string; id: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [long, setLong] = useState(false);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (el) setLong(el.scrollHeight > BIO_COLLAPSED_PX + 1);
  }, [text]);
  if (!text) return <p className={styles.empty}>No bio yet.</p>;
  return (
    <div>
      <div id={id} ref={box} className={styles.bio} style={open ? undefined : { maxHeight: BIO_COLLAPSED_PX }} data-collapsed={!open && long}>
        {text}
      </div>
      {long && (
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {open ? 'read less' : 'read more'}
        </button>
      )}
    </div>
  );
}
