import type { GuideArea } from '../../contract/guides';

/**
 * The guides context's events. A guide's stream is `guide-{guideId}`; each save is one
 * GuideWritten with the whole guide as the editor left it (text, photos, the area its market
 * numbers come from). `officeId` is the broker's id: the office that owns it, set once.
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

export type GuideEvent = GuideWritten;

export const guideStream = (guideId: string): string => `guide-${guideId}`;
