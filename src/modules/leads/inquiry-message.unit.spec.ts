import { describe, expect, it } from 'vitest';
import { composeInquiryMessage } from './inquiry-message';

describe('inquiry message blocks', () => {
  it('keeps the message alone when no details are given', () => {
    expect(composeInquiryMessage({ Message: '  Is it still available? ' })).toBe('Is it still available?');
  });

  it('appends buyer, seller, referral, resume and address blocks with labels, skipping empty fields', () => {
    const text = composeInquiryMessage({
      Message: 'Hello',
      BuyerLocation: 'Kent',
      BuyerMinPrice: '300000',
      BuyerBeds: '',
      PropertyAddress: '1 Main St',
      SellerTimeframe: '3 months',
      ReferralFullName: 'Bo Friend',
      ResumeUrl: '/uploads/0123456789abcdef0123456789abcdef.pdf',
      Street: '2 Oak Ave',
      Zip: '98032',
    });
    expect(text).toBe(
      [
        'Hello',
        'Buyer details:\nLocation: Kent\nMinimum price: 300000',
        'Seller details:\nProperty address: 1 Main St\nTimeframe: 3 months',
        'Referral:\nName: Bo Friend',
        'Resume:\nResume: /uploads/0123456789abcdef0123456789abcdef.pdf',
        'Address:\nStreet: 2 Oak Ave\nZip: 98032',
      ].join('\n\n'),
    );
  });
});
