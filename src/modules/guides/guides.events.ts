import type { GuideArea } from '../../contract/guides';

/**
 * The guides context's events. A guide's stream is `guide-{guideId}`; each save is one
 * GuideWritten with the whole guide as the editor left it (text, photos, the area its market
 * numbers come from); GuideArchived ends it. `officeId` is the broker's id: the office that owns it, set once.
 */
export type GuideWritten = {
  readonly type: 'GuideWritten';
  readonly data: {
    readonly guideId: string;
    readonly officeId: string;
    readonly byUserId: string;
    readonly title: string;
    readonly area: GuideArea;
    readonly body: string;
    readonly photos: readonly string[];
  };
};

/** The office took the guide down: its page is gone and it leaves the site's sitemap and area pages; it is not written again. */
export type GuideArchived = {
  readonly type: 'GuideArchived';
  readonly data: { readonly guideId: string; readonly officeId: string; readonly byUserId: string };
};

export type GuideEvent = GuideWritten | GuideArchived;

export const guideStream = (guideId: string): string => `guide-${guideId}`;
