import styles from './LiveIndicator.module.css';

/**
 * Whether a page's realtime connection is up: a green dot and 'Live', else a grey dot and
 * `offline`. `announce` makes it a status region (screen readers hear it change).
 */
export function LiveIndicator({ connected, offline = 'Offline', announce = false }: { connected: boolean; offline?: string; announce?: boolean }) {
  return (
    <span className={styles.live} data-connected={connected} role={announce ? 'status' : undefined}>
      {connected ? 'Live' : offline}
    </span>
  );
}
