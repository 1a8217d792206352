import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { NavItem } from './OverflowNav';
import styles from './OverflowNav.module.css';

/**
 * A group of the dashboard's nav (Leads, Work, Settings): on the bar, a button that opens its
 * list (a disclosure: Enter or Space opens it and focuses the first entry, ↑ ↓ move, Escape
 * closes back to the button, a click elsewhere closes it); inside the "more" menu of a narrow
 * window, its entries listed under its name, so every view is two steps away at most.
 */
export function NavGroup({
  label,
  badge,
  items,
  current,
  inMenu,
  className,
  menuItemClass,
}: {
  label: string;
  /** A count beside the name (new leads). */
  badge?: ReactNode;
  items: readonly NavItem[];
  /** Whether the view shown is one of the group's (the button is marked as the current place). */
  current: boolean;
  inMenu: boolean;
  className: string;
  menuItemClass: string;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const focusFirst = useRef(false);

  useEffect(() => {
    if (!open) return;
    if (focusFirst.current) list.current?.querySelector<HTMLElement>('button:not(:disabled), a')?.focus();
    focusFirst.current = false;
    const close = (e: Event) => {
      if (wrap.current?.contains(e.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('focusin', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('focusin', close);
    };
  }, [open]);

  if (inMenu) {
    return (
      <div role="group" aria-labelledby={`${id}-name`}>
        <span id={`${id}-name`} className={styles.groupName}>
          {label}
        </span>
        <ul className={styles.groupList}>
          {items.map((i) => (
            <li key={i.key}>{i.render(menuItemClass, true)}</li>
          ))}
        </ul>
      </div>
    );
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const entries = [...(list.current?.querySelectorAll<HTMLElement>('button:not(:disabled), a') ?? [])];
    if (!open || entries.length === 0) return;
    e.preventDefault();
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const next = e.key === 'ArrowDown' ? (at + 1) % entries.length : (at - 1 + entries.length) % entries.length;
    entries[next]?.focus();
  };

  return (
    <div ref={wrap} className={styles.more} onKeyDown={onKey}>
      <button
        ref={button}
        type="button"
        className={className}
        aria-expanded={open}
        aria-controls={`${id}-list`}
        data-current={current || undefined}
        onClick={(e) => {
          // A keyboard click (detail 0) moves into the list; a pointer leaves focus on the button.
          focusFirst.current = e.detail === 0 && !open;
          setOpen(!open);
        }}
      >
        {label}
        {badge}{' '}
        <span className={styles.caret} aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <ul
          ref={list}
          id={`${id}-list`}
          className={`${styles.menu} ${styles.groupMenu}`}
          onClick={(e) => (e.target as HTMLElement).closest('button, a') && setOpen(false)}
        >
          {items.map((i) => (
            <li key={i.key}>{i.render(menuItemClass, true)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
