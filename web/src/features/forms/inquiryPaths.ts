import { INQUIRY_PATHS } from '../../../../src/contract/browser-routes';

/** The public pages that are one inquiry form each (the list is shared with the server, which answers 404 for unknown paths); their texts are in inquiryPages.ts, loaded with the page. */
export { INQUIRY_PATHS };
export type InquiryPath = (typeof INQUIRY_PATHS)[number];
export const isInquiryPath = (path: string): path is InquiryPath => (INQUIRY_PATHS as readonly string[]).includes(path);
