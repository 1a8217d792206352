/** The optional parts of an inquiry that are appended to its Message as labelled blocks. */
export type InquiryDetails = {
  readonly Message?: string;
  readonly BuyerLocation?: string;
  readonly BuyerMinPrice?: string;
  readonly BuyerMaxPrice?: string;
  readonly BuyerBeds?: string;
  readonly BuyerPropertyTypes?: string;
  readonly PropertyAddress?: string;
  readonly PropertyStyle?: string;
  readonly PropertySqFt?: string;
  readonly PropertyAge?: string;
  readonly PropertyBeds?: string;
  readonly PropertyBaths?: string;
  readonly PropertyFeatures?: string;
  readonly SellerReason?: string;
  readonly SellerTimeframe?: string;
  readonly ReferralFullName?: string;
  readonly ReferralEmail?: string;
  readonly ReferralPhone?: string;
  readonly ResumeUrl?: string;
  readonly Street?: string;
  readonly City?: string;
  readonly State?: string;
  readonly Zip?: string;
};

type Block = { title: string; lines: [string, string | undefined][] };

const BLOCKS = (d: InquiryDetails): Block[] => [
  {
    title: 'Buyer details',
    lines: [
      ['Location', d.BuyerLocation],
      ['Minimum price', d.BuyerMinPrice],
      ['Maximum price', d.BuyerMaxPrice],
      ['Beds', d.BuyerBeds],
      ['Property types', d.BuyerPropertyTypes],
    ],
  },
  {
    title: 'Seller details',
    lines: [
      ['Property address', d.PropertyAddress],
      ['Style', d.PropertyStyle],
      ['Square feet', d.PropertySqFt],
      ['Age', d.PropertyAge],
      ['Beds', d.PropertyBeds],
      ['Baths', d.PropertyBaths],
      ['Features', d.PropertyFeatures],
      ['Reason for selling', d.SellerReason],
      ['Timeframe', d.SellerTimeframe],
    ],
  },
  {
    title: 'Referral',
    lines: [
      ['Name', d.ReferralFullName],
      ['Email', d.ReferralEmail],
      ['Phone', d.ReferralPhone],
    ],
  },
  { title: 'Resume', lines: [['Resume', d.ResumeUrl]] },
  {
    title: 'Address',
    lines: [
      ['Street', d.Street],
      ['City', d.City],
      ['State', d.State],
      ['Zip', d.Zip],
    ],
  },
];

/** The message as the agent reads it: the visitor's words, then one block per part given. */
export function composeInquiryMessage(d: InquiryDetails): string {
  const parts: string[] = [];
  const own = d.Message?.trim();
  if (own) parts.push(own);
  for (const block of BLOCKS(d)) {
    const lines = block.lines.filter(([, v]) => v !== undefined && v.trim() !== '').map(([label, v]) => `${label}: ${v!.trim()}`);
    if (lines.length) parts.push(`${block.title}:\n${lines.join('\n')}`);
  }
  return parts.join('\n\n');
}
