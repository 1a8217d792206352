import { useEffect, useState } from 'react';
import { listingAgentLink } from '../../api/pages';
import type { ListingAgentLink as Link } from '../../../../src/contract/public-pages';

/** "Listing agent: {name}", a link to their page, when the listing's agent is known (nothing otherwise). */
export function ListingAgentLink({ pdid, className }: { pdid: string; className?: string }) {
  const [agent, setAgent] = useState<Link | null>(null);
  useEffect(() => {
    let live = true;
    setAgent(null);
    listingAgentLink(pdid)
      .then((a) => live && setAgent(a))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pdid]);
  if (!agent) return null;
  return (
    <p className={className}>
      Listing agent: <a href={agent.path}>{agent.name}</a>
    </p>
  );
}
