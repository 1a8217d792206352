import type { StoredEvent } from '../../../shared/event';
import { html, joinHtml } from '../../../shared/html';
import { isThePersons, type PersonEvents } from '../person-events';

/** The export's sections (issue 18, part 3), and which event types fill each. */
const SECTIONS: Readonly<Record<string, readonly string[]>> = {
  profile: [
    'UserRegistered',
    'CellPhoneChanged',
    'PhotoChanged',
    'EmailVerified',
    'SocialIdentityLinked',
    'LeadCaptured',
    'LeadContactEdited',
    'PasswordChanged',
  ],
  consent: ['ConsentChanged', 'ImportOptedIn'],
  inquiries: ['InquirySubmitted', 'ShowingRequested', 'ShowingProposed', 'ShowingConfirmed', 'ShowingRescheduled', 'ShowingCancelled'],
  searches: ['SavedSearchSaved', 'SavedSearchRenamed', 'SavedSearchFrequencyChanged', 'SavedSearchDeleted', 'SearchRun', 'ListingViewed'],
  favourites: ['ListingFavorited', 'ListingUnfavorited', 'ListingOpinionGiven', 'NotebookCreated', 'ListingFiledInNotebook', 'ListingRemovedFromNotebook'],
  notes: ['ListingNoteWritten', 'ListingShared', 'LeadNoteWritten', 'LeadNoteEdited'],
  messages: [
    'ChatMessageSent',
    'TextMessageSent',
    'TextMessageReceived',
    'LeadEmailSent',
    'LeadEmailReceived',
    'CallLogged',
    'ListingsSentToLead',
    'ListingEmailOpened',
    'ListingEmailClicked',
  ],
  alerts: ['PropertyAlertSent', 'PropertyAlertOpened'],
  sessions: ['UserSignedIn', 'UserSignedOut'],
  erasure: ['PersonErased'],
};
const sectionOf = new Map(Object.entries(SECTIONS).flatMap(([s, types]) => types.map((t) => [t, s] as const)));

export type ExportItem = { readonly type: string; readonly at: string; readonly data: Record<string, unknown> };
export type PersonExport = {
  readonly userId: string;
  readonly exportedAt: string;
  readonly sections: Readonly<Record<string, readonly ExportItem[]>>;
};

/** What is the person's: secrets (password hashes, reset tokens) and staff's notes about them are not. */
const SECRET_FIELDS = new Set(['passwordHash', 'tokenHash', 'p256dh', 'auth']);

/**
 * Everything the product holds about a person, from the log (what the read models are made of),
 * grouped for reading: their profile, consent history, inquiries, searches, favourites, the notes
 * they wrote, messages on every channel, alerts sent and opened, and sessions. Agents' private
 * notes about a lead are the agent's and stay out.
 */
export function buildExport(person: PersonEvents, now: Date): PersonExport {
  const sections: Record<string, ExportItem[]> = Object.fromEntries(Object.keys(SECTIONS).map((s) => [s, []]));
  for (const e of person.events) {
    const section = sectionOf.get(e.type);
    if (!section || !about(e, person)) continue;
    sections[section]!.push({ type: e.type, at: e.metadata.at, data: withoutSecrets(e.data as Record<string, unknown>) });
  }
  return { userId: person.userId, exportedAt: now.toISOString(), sections };
}

/** Notes an agent wrote about a lead: in the agent's export, never in the lead's. */
const AGENT_NOTES = new Set(['LeadNoteWritten', 'LeadNoteEdited']);

function about(e: StoredEvent, person: PersonEvents): boolean {
  const d = e.data as Record<string, unknown>;
  if (AGENT_NOTES.has(e.type)) return (d.authorId ?? d.byUserId) === person.userId;
  return isThePersons(e, person) || d.userId === person.userId || (typeof d.leadId === 'string' && person.leadIds.includes(d.leadId));
}

const withoutSecrets = (d: Record<string, unknown>) => Object.fromEntries(Object.entries(d).filter(([k]) => !SECRET_FIELDS.has(k)));

/** The same export as one readable page (every value escaped; no script, no outside resource). */
export function exportHtml(x: PersonExport): string {
  const rows = (items: readonly ExportItem[]) =>
    items.length === 0
      ? html`<p>Nothing.</p>`
      : html`<table><thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Details</th></tr></thead><tbody>${items.map(
          (i) =>
            html`<tr><td>${i.at}</td><td>${i.type}</td><td><dl>${Object.entries(i.data).map(
              ([k, v]) => html`<dt>${k}</dt><dd>${typeof v === 'string' ? v : JSON.stringify(v)}</dd>`,
            )}</dl></td></tr>`,
        )}</tbody></table>`;
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your data at Porchlight</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:1rem;max-width:60rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #888;padding:.25rem;text-align:left;vertical-align:top}dt{font-weight:600}dd{margin:0 0 .25rem}</style></head>
<body><main><h1>Your data at Porchlight</h1><p>Account ${x.userId}, exported ${x.exportedAt}.</p>
${joinHtml(
  Object.entries(x.sections).map(
    ([name, items]) => html`<section><h2>${name[0]!.toUpperCase() + name.slice(1)} (${items.length})</h2>${rows(items)}</section>`,
  ),
  '\n',
)}</main></body></html>`.text;
}
