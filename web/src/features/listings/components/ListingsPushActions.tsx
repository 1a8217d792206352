import { useState } from 'react';
import { LeadSearchDialog } from './LeadSearchDialog';
import styles from './ListingsPush.module.css';
import { SendListingsDialog } from './SendListingsDialog';

/** The lead page's "Send listings" and "Create search" (issue 16), each opening its dialog. */
export function ListingsPushActions({ leadId, leadName }: { leadId: string; leadName: string }) {
  const [open, setOpen] = useState<'send' | 'search' | null>(null);
  return (
    <div className={styles.bar}>
      <button type="button" className="btn" onClick={() => setOpen('send')}>
        Send listings
      </button>
      <button type="button" className="btn" onClick={() => setOpen('search')}>
        Create search for lead
      </button>
      <SendListingsDialog open={open === 'send'} onClose={() => setOpen(null)} leadId={leadId} leadName={leadName} />
      <LeadSearchDialog open={open === 'search'} onClose={() => setOpen(null)} leadId={leadId} leadName={leadName} />
    </div>
  );
}
