import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { ReplyNoticeEvent } from '../thread.events';
import { decideReplyNotices, replyNoticesDecider, wantsReplyNotice } from './reply-notices.decide';

const AGENT = 'u-agent';
const given = (...events: ReplyNoticeEvent[]) => fold(replyNoticesDecider, events);
const chose = (by: 'email' | 'text' | 'both' | 'none'): ReplyNoticeEvent => ({ type: 'ReplyNoticesChosen', data: { userId: AGENT, by } });

describe('ChooseReplyNotices (given / when / then)', () => {
  it('given nothing chosen, then the default is e-mail, not yet chosen', () => {
    expect(given()).toEqual({ by: 'email', chosen: false });
  });

  it('given nothing chosen, when the agent chooses e-mail (the default), then it is recorded as their choice', () => {
    expect(decideReplyNotices({ userId: AGENT, by: 'email' }, given())).toEqual([chose('email')]);
  });

  it('given e-mail chosen, when the agent chooses text, then ReplyNoticesChosen text', () => {
    expect(decideReplyNotices({ userId: AGENT, by: 'text' }, given(chose('email')))).toEqual([chose('text')]);
  });

  it('given both chosen, when the agent chooses both again, then nothing', () => {
    expect(decideReplyNotices({ userId: AGENT, by: 'both' }, given(chose('email'), chose('both')))).toEqual([]);
  });

  it('given each choice, then the channels it wants', () => {
    const table = (['email', 'text', 'both', 'none'] as const).map((by) => [by, wantsReplyNotice(by, 'email'), wantsReplyNotice(by, 'text')]);
    expect(table).toEqual([
      ['email', true, false],
      ['text', false, true],
      ['both', true, true],
      ['none', false, false],
    ]);
  });
});
