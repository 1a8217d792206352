import type { Decider } from '../../commands/decider';
import type { GuideArea } from '../../contract/guides';
import { notFound } from '../../shared/errors';
import type { GuideEvent, GuideWritten } from './guides.events';

const NO_SUCH_GUIDE = 'No such guide';

export type GuideState = { readonly exists: boolean; readonly archived: boolean; readonly officeId: string | null; readonly last: GuideWritten['data'] | null };

export type WriteGuide = {
  readonly kind: 'write';
  readonly guideId: string;
  /** The office the writer works for (a broker's own id); staff name the office of the guide. */
  readonly officeId: string;
  readonly byUserId: string;
  /** Staff may change any office's guide; a broker only their own. */
  readonly anyOffice: boolean;
  readonly creating: boolean;
  readonly title: string;
  readonly area: GuideArea;
  readonly body: string;
  readonly photos: readonly string[];
};

/** Take a guide down (its office's broker, or staff). */
export type ArchiveGuide = {
  readonly kind: 'archive';
  readonly guideId: string;
  readonly officeId: string;
  readonly byUserId: string;
  readonly anyOffice: boolean;
};

export type GuideCommandData = WriteGuide | ArchiveGuide;

const same = (a: GuideWritten['data'], c: WriteGuide) =>
  a.title === c.title && a.body === c.body && a.area.kind === c.area.kind && a.area.label === c.area.label && a.photos.join('\n') === c.photos.join('\n');

/**
 * A guide is written by its office: a new one takes the writer's office; another office's guide
 * is not found (404, never forbidden, so its existence is not told), and so is an archived one.
 * Saving it unchanged appends nothing.
 */
export const guideDecider: Decider<GuideState, GuideCommandData, GuideEvent> = {
  initialState: () => ({ exists: false, archived: false, officeId: null, last: null }),
  evolve: (s, e) =>
    e.type === 'GuideArchived' ? { ...s, archived: true } : { exists: true, archived: false, officeId: s.officeId ?? e.data.officeId, last: e.data },
  decide: (c, s) => {
    if (c.kind === 'write' && c.creating ? s.exists : !s.exists || s.archived) throw notFound(NO_SUCH_GUIDE);
    if (s.exists && !c.anyOffice && s.officeId !== c.officeId) throw notFound(NO_SUCH_GUIDE);
    if (c.kind === 'archive') return [{ type: 'GuideArchived', data: { guideId: c.guideId, officeId: s.officeId!, byUserId: c.byUserId } }];
    if (s.last && same(s.last, c)) return [];
    return [
      {
        type: 'GuideWritten',
        data: { guideId: c.guideId, officeId: s.officeId ?? c.officeId, byUserId: c.byUserId, title: c.title, area: c.area, body: c.body, photos: c.photos },
      },
    ];
  },
};
