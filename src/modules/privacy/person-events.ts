import { leadsOfAccount, streamsAbout } from '../../../projections/account-streams';
import type pg from 'pg';
import type { EventStore } from '../../eventstore/event-store.port';
import type { StoredEvent } from '../../shared/event';
import { userStream } from '../accounts';
import { backofficeStream } from '../backoffice';
import { personalFields } from './personal-fields';
import { privacyStream } from './privacy.events';

export type PersonEvents = { readonly userId: string; readonly leadIds: readonly string[]; readonly events: readonly StoredEvent[] };

/**
 * Everything the log holds about a person, oldest first: the account's own streams and every
 * stream the account_streams index names as about it (its leads, chats, texts, e-mails, saved
 * searches, alerts, notes and tasks on its leads), opened by the store; only `types` when given.
 */
export async function personEvents(store: EventStore, pool: pg.Pool, userId: string, types?: readonly string[]): Promise<PersonEvents> {
  const streams = [...new Set([userStream(userId), backofficeStream(userId), privacyStream(userId), ...(await streamsAbout(pool, userId))])];
  const read = await store.readStreams(streams, types ? { types } : undefined);
  const events = [...read.values()].flat().sort((a, b) => (a.globalPosition < b.globalPosition ? -1 : a.globalPosition > b.globalPosition ? 1 : 0));
  const leadIds = new Set(await leadsOfAccount(pool, userId));
  for (const e of events) if (e.type === 'LeadCaptured') leadIds.add((e.data as { leadId: string }).leadId);
  return { userId, leadIds: [...leadIds], events };
}

/** Whether the event's personal fields are this person's (sealed under their account's or a lead's key). */
export function isThePersons(e: StoredEvent, p: Pick<PersonEvents, 'userId' | 'leadIds'>): boolean {
  const subject = personalFields.get(e.type)?.subject(e.data as Record<string, unknown>);
  return subject !== undefined && (subject === p.userId || p.leadIds.includes(subject));
}

/** Fields that say who the person is and how to reach them: what a message about them, or to them, carries. */
const CONTACT_FIELDS = new Set(['fullName', 'firstName', 'lastName', 'email', 'phone', 'cellPhone', 'from']);
/**
 * Fields that link to the person's own uploads: their résumé and photo, the pictures and files they
 * sent. Not an agent's MMS media: one upload may have gone to many leads.
 */
const UPLOAD_FIELDS = new Set(['resumeUrl', 'photoLocation', 'media', 'attachments']);

/** The event types an erasure reads: those holding the person's contact values or uploads (not the bulk of messages). */
export const contactAndUploadTypes: readonly string[] = [...personalFields]
  .filter(([, rule]) => Object.keys(rule.fields).some((f) => CONTACT_FIELDS.has(f) || UPLOAD_FIELDS.has(f)))
  .map(([type]) => type);

/**
 * The person's contact values (names, addresses, numbers: what an outbox row to or about them
 * holds) and the uploads their events name (résumé, photo, MMS and e-mail attachments).
 */
export function contactsAndUploads(p: PersonEvents): { values: string[]; uploads: string[] } {
  const values = new Set<string>();
  const uploads = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      const upload = /^\/uploads\/([a-f0-9]{32}\.[a-z]+)$/.exec(v);
      if (upload) uploads.add(upload[1]!);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object' && typeof (v as { uploadId?: unknown }).uploadId === 'string') uploads.add((v as { uploadId: string }).uploadId);
  };
  for (const e of p.events) {
    const rule = personalFields.get(e.type);
    if (!rule || !isThePersons(e, p)) continue;
    const data = e.data as Record<string, unknown>;
    for (const field of Object.keys(rule.fields)) {
      const v = data[field];
      if (UPLOAD_FIELDS.has(field)) walk(v);
      if (CONTACT_FIELDS.has(field) && typeof v === 'string' && v.trim().length >= 4) values.add(v.trim());
    }
  }
  return { values: [...values], uploads: [...uploads] };
}
