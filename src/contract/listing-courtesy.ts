/**
 * IDX attribution, which the MLS rules ask of every listing shown (cards, listing pages, e-mails):
 * "Listing courtesy of {agent}, {office}", or whichever of the two the feed names; null when it
 * names neither.
 */
export function listingCourtesy(office: string | null, agent: string | null): string | null {
  const who = courtesyWho(office, agent);
  return who === null ? null : `Listing courtesy of ${who}`;
}

/** Whom the attribution names: "{agent}, {office}", or whichever of the two the feed names. */
export function courtesyWho(office: string | null, agent: string | null): string | null {
  if (!office && !agent) return null;
  return office && agent ? `${agent}, ${office}` : (office ?? agent);
}
