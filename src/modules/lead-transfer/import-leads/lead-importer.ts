import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { CommandContext } from '../../../commands/command-context';
import { fold } from '../../../commands/decider';
import { decideAndAppend } from '../../../commands/decide-and-append';
import { EventStore, type StreamAppend } from '../../../eventstore/event-store.port';
import { emailKey, type ImportSummary, phoneKey } from '../../../contract/lead-import';
import { stableId } from '../../../shared/stable-id';
import { type AccountEvent, evolveAccount, initialAccount, LEVEL, registrationAppends, toNewEvents, userIdsByEmail, userStream } from '../../accounts';
import type { Viewer } from '../../../shared/viewer/viewer';
import { evolveLead, initialLead, type Lead, leadIdFor, leadStream } from '../../leads';
import type { LeadEvent } from '../../leads/leads.events';
import type { LeadTarget } from '../../leads';
import { leadRegistration } from '../../leads';
import { officeContacts } from '../../../../projections/lead-feed';
import { decideImportBatch, type ImportLine } from './import-batch.decide';
import { evolveLeadImport, initialLeadImport, type LeadImport, type StartImport, summaryOf } from './lead-import';
import { type LeadImportEvent, leadImportStream } from '../lead-transfer.events';
import { LeadImportCommand } from './lead-import.command';

/** Rows per atomic append: a few thousand events, one round trip each to read and to write. */
export const IMPORT_BATCH_ROWS = 250;
const MAX_ATTEMPTS = 8;

export type ImportRun = {
  readonly importId: string;
  readonly viewer: Viewer;
  readonly target: LeadTarget;
  readonly start: Omit<StartImport, 'importId' | 'byUserId' | 'siteId' | 'agentId' | 'officeId' | 'total'>;
  /** Every data row of the file, mapped, in order. */
  readonly lines: readonly ImportLine[];
  readonly ctx: CommandContext;
};

type Started = Extract<LeadImport, { exists: true }>;

/**
 * Runs a CSV import to its end, batch after batch. Each batch is read (the claims on its
 * addresses, their accounts, the leads it may duplicate), decided (decideImportBatch) and
 * appended in one atomic append together with LeadImportBatchApplied on the import's stream at
 * the revision read: a batch is in entirely or not at all, and never twice. An import that stopped
 * half way (a crash, a dropped connection) goes on from its last batch when it is posted again;
 * two requests running the same import take turns batch by batch. A lost race (a lead changed, an
 * address claimed meanwhile) reads and decides the batch again.
 */
@Injectable()
export class LeadImporter {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  async run(r: ImportRun): Promise<ImportSummary> {
    const { importId, target, ctx } = r;
    const stream = leadImportStream(importId);
    const started = await this.commands.execute(
      new LeadImportCommand(
        stream,
        { ...r.start, importId, byUserId: r.viewer.userId, siteId: target.siteId, agentId: target.agentId, officeId: target.officeId, total: r.lines.length },
        ctx,
      ),
    );
    let job = started.state as Started;
    const known = await this.officeKnown(target);
    let learned = 0;
    const byRow = new Map(r.lines.map((l) => [l.row, l]));
    while (job.done < job.started.total) {
      // Rows earlier batches made or merged into are known to the later ones (also after a resume).
      for (; learned < job.rows.length; learned++) {
        const o = job.rows[learned]!;
        if (!o.leadId || (o.outcome !== 'imported' && o.outcome !== 'merged')) continue;
        const line = byRow.get(o.row)!;
        remember(known, line, o.leadId);
        if (o.outcome === 'imported') known.fromFile.add(o.leadId);
      }
      job = await this.applyBatch(r, job, known);
    }
    return summaryOf(importId, job);
  }

  /** The office's leads by e-mail and phone key (the first lead with a key keeps it). */
  private async officeKnown(target: LeadTarget): Promise<Known> {
    const known: Known = { byEmail: new Map(), byPhone: new Map(), fromFile: new Set() };
    for (const c of await officeContacts(this.pool, target.officeId, target.agentId)) {
      const email = emailKey(c.email);
      const phone = phoneKey(c.phone);
      if (email && !known.byEmail.has(email)) known.byEmail.set(email, c.leadId);
      if (phone && !known.byPhone.has(phone)) known.byPhone.set(phone, c.leadId);
    }
    return known;
  }

  /** Decides and appends the batch after `job.done`; answers the import as it stands after (someone else's batch included). */
  private async applyBatch(r: ImportRun, seen: Started, known: Known): Promise<Started> {
    const stream = leadImportStream(r.importId);
    const { result } = await decideAndAppend(
      this.store,
      async () => {
        const jobEvents = await this.store.readStream(stream);
        const job = fold({ initialState: initialLeadImport, evolve: evolveLeadImport }, jobEvents as unknown as LeadImportEvent[]) as Started;
        // Another request running this import got there first: go on from where it is.
        if (job.done !== seen.done) return { appends: [], result: job };
        const lines = r.lines.slice(job.done, job.done + IMPORT_BATCH_ROWS);
        const ctx = { ...r.ctx, now: new Date() };
        const at = ctx.now.toISOString();
        const world = await this.readWorld(lines, r.target.siteId, known);
        const decisions = decideImportBatch(
          lines,
          {
            importId: r.importId,
            siteId: r.target.siteId,
            agentId: r.target.agentId,
            officeId: r.target.officeId,
            byUserId: r.viewer.userId,
            viewer: r.viewer,
            policy: job.started.policy,
            allowPartialName: r.target.allowPartialName,
            at,
            newUserId: (row) => stableId(`lead-import:${r.importId}:${row}`),
          },
          { ...known, owners: world.owners, leads: world.leads },
        );
        const leadAppends = new Map<string, { expected: StreamAppend['expected']; events: LeadEvent[] }>();
        const appends: StreamAppend[] = [];
        for (const d of decisions) {
          if (d.account) {
            appends.push(
              ...registrationAppends(
                leadRegistration({ ...d.account, siteId: r.target.siteId, via: 'import', from: `CSV import on ${r.target.subdomain}`, at }),
                ctx,
              ),
            );
          }
          if (d.events.length === 0) continue;
          const leadId = d.outcome.leadId!;
          const entry = leadAppends.get(leadId) ?? { expected: world.revisions.get(leadId) ?? 'no_stream', events: [] };
          entry.events.push(...d.events);
          leadAppends.set(leadId, entry);
        }
        for (const [leadId, a] of leadAppends) appends.push({ streamId: leadStream(leadId), expected: a.expected, events: toNewEvents(a.events, ctx) });
        const applied: LeadImportEvent = {
          type: 'LeadImportBatchApplied',
          data: { importId: r.importId, done: job.done + lines.length, rows: decisions.map((d) => d.outcome) },
        };
        appends.push({ streamId: stream, expected: jobEvents.at(-1)!.streamPosition, events: toNewEvents([applied], ctx) });
        return { appends, result: evolveLeadImport(job, applied) as Started };
      },
      { pauseMs: 20, attempts: MAX_ATTEMPTS },
    );
    return result;
  }

  /** The accounts holding the batch's addresses, and the leads it may land on: the owners' leads on the site and the leads its rows match. */
  private async readWorld(lines: readonly ImportLine[], siteId: string, known: Known) {
    const emails = [...new Set(lines.map((l) => emailKey(l.values.Email)).filter((e): e is string => e !== null))];
    const ownerIds = await userIdsByEmail(this.store, emails);
    const accounts = await this.store.readStreams([...new Set(ownerIds.values())].map(userStream));
    const owners = new Map<string, { userId: string; securityLevel: number }>();
    for (const [email, userId] of ownerIds) {
      const account = fold({ initialState: initialAccount, evolve: evolveAccount }, (accounts.get(userStream(userId)) ?? []) as unknown as AccountEvent[]);
      owners.set(email, { userId, securityLevel: account.exists ? account.securityLevel : LEVEL.lead });
    }
    const leadIds = new Set([...owners.values()].map((o) => leadIdFor(o.userId, siteId)));
    for (const l of lines) {
      const email = emailKey(l.values.Email);
      const phone = phoneKey(l.values.Phone);
      const match = (email && known.byEmail.get(email)) || (phone && known.byPhone.get(phone));
      if (match) leadIds.add(match);
    }
    const read = await this.store.readStreams([...leadIds].map(leadStream));
    const leads = new Map<string, Lead>();
    const revisions = new Map<string, bigint>();
    for (const leadId of leadIds) {
      const events = read.get(leadStream(leadId));
      if (!events?.length) continue;
      leads.set(leadId, fold({ initialState: initialLead, evolve: evolveLead }, events as unknown as LeadEvent[]));
      revisions.set(leadId, events.at(-1)!.streamPosition);
    }
    return { owners, leads, revisions };
  }
}

type Known = { byEmail: Map<string, string>; byPhone: Map<string, string>; fromFile: Set<string> };

/** A row's e-mail and phone now stand for its lead (unless a lead already holds them). */
function remember(known: Known, line: ImportLine, leadId: string): void {
  const email = emailKey(line.values.Email);
  const phone = phoneKey(line.values.Phone);
  if (email && !known.byEmail.has(email)) known.byEmail.set(email, leadId);
  if (phone && !known.byPhone.has(phone)) known.byPhone.set(phone, leadId);
}
