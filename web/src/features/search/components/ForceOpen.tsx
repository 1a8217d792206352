import { useEffect } from 'react';
import type { Criteria } from '../../../../../src/contract/search';
import { navigate } from '../../../app/location';
import { Modal } from '../../../ui/Modal';
import { storageAvailable } from '../../../ui/storage';
import { loadSequence, rememberSearch, sequencePdids } from '../../search-results';
import styles from './ForceOpen.module.css';
import { MSG } from '../utils/searchConstants';
import { viewUrl } from '../utils/searchUrl';
import { useT } from '../../../ui/translations';

/**
 * forceopen=N: open the Nth listing of the stored result sequence, under the loading modal.
 * Without local storage the parameter is stripped and the search shows as usual (spec section 8).
 */
export function ForceOpen({ n, criteria, onGiveUp }: { n: number; criteria: Criteria; onGiveUp: () => void }) {
  const t = useT();
  useEffect(() => {
    if (!storageAvailable()) {
      onGiveUp();
      return;
    }
    let live = true;
    void (async () => {
      try {
        if (!loadSequence()) rememberSearch(criteria, 1, viewUrl('list', criteria), '');
        const seq = loadSequence();
        const pdids = seq ? await sequencePdids(seq) : [];
        const pdid = pdids[n - 1];
        if (!live) return;
        if (pdid) navigate(`/listing/${encodeURIComponent(pdid)}`, { replace: true });
        else onGiveUp();
      } catch {
        if (live) onGiveUp();
      }
    })();
    return () => {
      live = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Modal open title={t('search.findingListing', MSG.findingListing)} onClose={() => undefined} dismissable={false} size="small">
      <div className={styles.loading}>
        <span className={styles.spinner} aria-hidden="true" />
        <span>{t('search.moment', 'Just a moment…')}</span>
      </div>
    </Modal>
  );
}
