import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styles from './OverflowNav.module.css';

/** `caret`: the item opens a list (a ▾ after its label); `badge`: a count beside it; both measured with it. */
export type NavItem = {
  readonly key: string;
  readonly label: string;
  readonly caret?: boolean;
  readonly badge?: ReactNode;
  readonly render: (className: string, inMenu: boolean) => ReactNode;
};

/** Spec section 9: the nav re-measures 50 ms after the last resize. */
export const NAV_RESIZE_DEBOUNCE_MS = 50;

/**
 * Navigation items that do not fit on one line move into a 'more' menu (spec section 2). Items
 * are measured once from a hidden copy; on resize (debounced) as many as fit stay visible.
 */
export function OverflowNav({ items, label }: { items: readonly NavItem[]; label: string }) {
  const bar = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(items.length);
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const fit = () => {
      const width = bar.current?.clientWidth ?? 0;
      const widths = [...(measure.current?.children ?? [])].map((el) => (el as HTMLElement).offsetWidth + 4);
      const more = widths.pop() ?? 80;
      let used = 0;
      let n = 0;
      for (const w of widths) {
        const needsMore = n + 1 < widths.length;
        if (used + w + (needsMore ? more : 0) > width) break;
        used += w;
        n++;
      }
      setVisible(n);
    };
    fit();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(fit, NAV_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [items]);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        menuButton.current?.focus();
      } else if (bar.current?.contains(e.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  const hidden = items.slice(visible);
  return (
    <nav aria-label={label} className={styles.nav}>
      <div ref={measure} className={styles.measure} aria-hidden="true">
        {items.map((i) => (
          <span key={i.key} className={styles.item}>
            {i.label}
            {i.badge}
            {i.caret && <span className={styles.caret}> ▾</span>}
          </span>
        ))}
        <span className={styles.item}>More ▾</span>
      </div>
      <div ref={bar} className={styles.bar}>
        <ul className={styles.list}>
          {items.slice(0, visible).map((i) => (
            <li key={i.key}>{i.render(styles.item!, false)}</li>
          ))}
        </ul>
        {hidden.length > 0 && (
          <div className={styles.more}>
            <button ref={menuButton} type="button" className={styles.item} aria-expanded={open} aria-haspopup="true" onClick={() => setOpen((o) => !o)}>
              more <span aria-hidden="true">▾</span>
            </button>
            {open && (
              <ul className={styles.menu} onClick={() => setOpen(false)}>
                {hidden.map((i) => (
                  <li key={i.key}>{i.render(styles.menuItem!, true)}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </nav>
  );
}
