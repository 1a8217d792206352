/**
 * IDX attribution, which the MLS rules ask of every listing shown (cards, listing pages, e-mails):
 * "Listing courtesy of {agent}, {office}", or whichever of the two the feed names; null when it
 * names neither.
 */
export function listingCourtesy(office: string | null, agent: string | null): string | null {
  if (!office && !agent) return null;
  return `Listing courtesy of ${office && agent ? `${agent}, ${office}` : (office ?? agent)}`;
}
