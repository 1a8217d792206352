export * from './InquiryForm';
export * from './LenderLink';
