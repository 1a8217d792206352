import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { CommandContext } from '../../../commands/command-context';
import { fold } from '../../../commands/decider';
import { handleCommand } from '../../../commands/handle-command';
import { EventStore } from '../../../eventstore/event-store.port';
import { SealedItems } from '../../../eventstore/personal-data/sealed-items';
import { DB_POOL } from '../../../runtime/tokens';
import { SecretKey } from '../../accounts';
import { AppError } from '../../../shared/errors';
import { stableId } from '../../../shared/stable-id';
import { type IntakeAnswer, type IntakeInput, LeadIntake } from '../intake-lead/lead-intake.service';
import type { PortalReading } from '../../portal-parsers';
import { intakeInboxDecider, type KeptDelivery } from './intake-inbox.decide';
import { type IntakeDeliveryKept, type IntakeInboxEvent, type IntakePrefill, intakeInboxStream } from './intake-inbox.events';

/** What an unread delivery shows at most: enough to read a lead by eye, not a mailbox. */
export const KEPT_TEXT_MAX = 20_000;
export const UNREAD_SHOWN = 200;

const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE_IN_TEXT = /\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}/;

/** What can be read of a delivery for the "Make a lead" form, from a reading that failed or from the raw text. */
export function prefillOf(text: string, lead: Partial<IntakeInput> | null, exclude: string | null): IntakePrefill {
  const email =
    lead?.person?.emails?.[0] ?? [...text.matchAll(new RegExp(EMAIL_IN_TEXT, 'g'))].map((m) => m[0]).find((e) => e.toLowerCase() !== exclude?.toLowerCase());
  return {
    source: lead?.source ?? '',
    firstName: lead?.person?.firstName ?? '',
    lastName: lead?.person?.lastName ?? '',
    email: email ?? '',
    phone: lead?.person?.phones?.[0] ?? PHONE_IN_TEXT.exec(text)?.[0]?.trim() ?? '',
    message: lead?.message ?? '',
  };
}

export const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Both intake channels end here: a reading that is a lead goes through the lead intake as the
 * office's broker (create-or-match, each sender's id once); one that is not, or that the intake
 * refuses, is kept on the office's unread list (the same delivery again is kept once) and
 * answered 422 {message}.
 */
@Injectable()
export class IntakeDeliveries {
  /** A kept delivery's own key: findable by its sender's address, destroyed once it is handled. */
  readonly sealed: SealedItems;

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(LeadIntake) private readonly intake: LeadIntake,
    @Inject(DB_POOL) pool: pg.Pool,
    @Inject(SecretKey) secret: SecretKey,
  ) {
    this.sealed = new SealedItems(pool, secret);
  }

  async take(
    officeId: string,
    reading: PortalReading,
    kept: Omit<IntakeDeliveryKept['data'], 'reason' | 'officeId'>,
    ctx: CommandContext,
  ): Promise<IntakeAnswer> {
    let reason: string;
    if (reading.ok) {
      try {
        return await this.intake.take(reading.lead, { userId: officeId, role: 'broker' }, ctx);
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'validation') throw err;
        reason = err.message;
      }
    } else reason = reading.reason;
    await this.keep(officeId, { ...kept, reason }, ctx);
    throw new HttpException({ message: reason }, HttpStatus.UNPROCESSABLE_ENTITY);
  }

  async keep(officeId: string, kept: Omit<IntakeDeliveryKept['data'], 'officeId'>, ctx: CommandContext): Promise<void> {
    await this.sealed.remember('intake', kept.deliveryId, [kept.from, kept.prefill.email], ctx.now);
    await handleCommand(
      this.store,
      intakeInboxStream(officeId),
      intakeInboxDecider,
      { kind: 'keep', delivery: { ...kept, officeId, text: kept.text.slice(0, KEPT_TEXT_MAX) } },
      ctx,
    );
  }

  async unread(officeId: string): Promise<KeptDelivery[]> {
    const inbox = fold(intakeInboxDecider, (await this.store.readStream(intakeInboxStream(officeId))) as unknown as IntakeInboxEvent[]);
    // A delivery whose words were erased reads with an empty form.
    return [...inbox.unread.values()]
      .reverse()
      .slice(0, UNREAD_SHOWN)
      .map((d) => ({ ...d, prefill: d.prefill ?? prefillOf('', null, null) }));
  }
}

/** One id per delivery: the same body (or message) again is the same unread delivery. */
export const deliveryIdOf = (officeId: string, channel: 'url' | 'email', key: string) => stableId(`intake ${channel} ${officeId} ${key}`);
