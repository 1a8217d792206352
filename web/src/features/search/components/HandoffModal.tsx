import { useEffect } from 'react';
import type { Criteria } from '../../../../../src/contract/search';
import { Modal } from '../../../ui/Modal';
import { HANDOFF_DELAY_MS } from '../utils/searchConstants';
import { type SearchView, viewUrl } from '../utils/searchUrl';
import { useT } from '../../../ui/translations';

/**
 * Branded sites hand search to their master site: this modal shows for 3 s, then the browser
 * goes to the master domain with the search as the query string (spec sections 1, 7, 9).
 */
export function HandoffModal({ to, view, criteria }: { to: { name: string; url: string }; view: SearchView; criteria: Criteria }) {
  const tr = useT();
  const target = new URL(viewUrl(view, criteria), to.url).toString();
  useEffect(() => {
    const t = setTimeout(() => window.location.assign(target), HANDOFF_DELAY_MS);
    return () => clearTimeout(t);
  }, [target]);
  return (
    <Modal open title={tr('handoff.title', 'Taking you to our home search')} onClose={() => undefined} dismissable={false} size="small">
      <p>{tr('handoff.text', 'Home search for this site runs on {site}. You will be there in a moment, with your search.', { site: to.name })}</p>
      <p>
        <a href={target}>{tr('handoff.go', 'Go now')}</a>
      </p>
    </Modal>
  );
}
