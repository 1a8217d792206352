import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CONFIG } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { cookiesOf, SignUpHooks, toNewEvents } from '../accounts';
import { decodeFirstTouch, FIRST_TOUCH_COOKIE, touchOf } from './capture-first-touch/first-touch';
import { initialLead, leadIdFor, leadStream } from './lead';
import { decideCaptureSignUp } from './submit-inquiry/submit-inquiry.decide';

/** A social sign-up makes the visitor a lead of the site too, in the sign-up's own atomic append. */
@Injectable()
export class SignUpLead implements OnModuleInit {
  constructor(
    @Inject(SignUpHooks) private readonly hooks: SignUpHooks,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.hooks.register((req, s, ctx) => {
      const leadId = leadIdFor(s.userId, s.siteId);
      const firstTouch = decodeFirstTouch(cookiesOf(req)[FIRST_TOUCH_COOKIE]) ?? touchOf(req, this.config.trustProxy, ctx.now);
      const events = decideCaptureSignUp(
        { leadId, userId: s.userId, siteId: s.siteId, fullName: s.fullName, email: s.email, phone: s.phone, firstTouch },
        initialLead(),
      );
      return [{ streamId: leadStream(leadId), expected: 'no_stream', events: toNewEvents(events, ctx) }];
    });
  }
}
