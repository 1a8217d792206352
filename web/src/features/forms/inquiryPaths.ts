/** The public pages that are one inquiry form each; their texts are in inquiryPages.ts, loaded with the page. */
export const INQUIRY_PATHS = ['/sell', '/contact', '/refer', '/careers'] as const;
export type InquiryPath = (typeof INQUIRY_PATHS)[number];
export const isInquiryPath = (path: string): path is InquiryPath => (INQUIRY_PATHS as readonly string[]).includes(path);
