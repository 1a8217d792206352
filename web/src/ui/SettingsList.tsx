import type { ReactNode } from 'react';
import panel from './RoutingSettingsPanel.module.css';
import styles from './SettingsList.module.css';

/** The things a settings screen lists (keys, webhooks, pages): "Loading…" until they come, the empty state's words, or one item each. */
export function SettingsList<T>({
  items,
  empty,
  children,
}: {
  readonly items: readonly T[] | null;
  readonly empty: string;
  readonly children: (item: T) => ReactNode;
}) {
  if (items === null) return <p className={panel.muted}>Loading…</p>;
  if (items.length === 0) return <p className={panel.muted}>{empty}</p>;
  return <ul className={styles.list}>{items.map(children)}</ul>;
}
