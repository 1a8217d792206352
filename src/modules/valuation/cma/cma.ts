import type { Decider } from '../../../commands/decider';
import { assertNever, conflict, forbidden } from '../../../shared/errors';
import type { CmaComp, CmaEvent, CmaSaved, CmaSent } from '../valuation.events';

export const CMA_CHANGED = 'The CMA was changed meanwhile: reload it to see the latest version';
export const CMA_EMAIL_OFF = 'This lead turned e-mail off, so the CMA cannot be e-mailed to them';

/** One lead's CMA: its saved versions (the last is current) and the links sent. */
export type Cma = {
  readonly latest: CmaSaved['data'] | null;
  readonly sends: ReadonlyMap<string, CmaSent['data'] & { readonly opened: boolean }>;
};

export type CmaCommand =
  | {
      readonly kind: 'save';
      /** The version the agent edited (0: the valuation as it came). */
      readonly expectedVersion: number;
      readonly leadId: string;
      readonly siteId: string;
      readonly byUserId: string;
      readonly comps: readonly CmaComp[];
      readonly estimate: number;
    }
  | ({ readonly kind: 'send'; readonly emailAllowed: boolean } & CmaSent['data'])
  | { readonly kind: 'open'; readonly sendId: string };

export const initialCma = (): Cma => ({ latest: null, sends: new Map() });

export function evolveCma(s: Cma, e: CmaEvent): Cma {
  switch (e.type) {
    case 'CmaSaved':
      return { ...s, latest: e.data };
    case 'CmaSent':
      return { ...s, sends: new Map(s.sends).set(e.data.sendId, { ...e.data, opened: false }) };
    case 'CmaOpened': {
      const sent = s.sends.get(e.data.sendId);
      return sent ? { ...s, sends: new Map(s.sends).set(e.data.sendId, { ...sent, opened: true }) } : s;
    }
    default:
      return assertNever(e);
  }
}

const sameComps = (a: readonly CmaComp[], b: readonly CmaComp[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Pure: a save on the version the agent read makes the next version (a save on an older one is
 * 409, a save that changes nothing appends nothing); a send is recorded once per sendId, only to
 * a lead who lets us e-mail them; a send is opened once.
 */
export function decideCma(c: CmaCommand, s: Cma): CmaEvent[] {
  switch (c.kind) {
    case 'save': {
      const version = s.latest?.version ?? 0;
      if (c.expectedVersion !== version) throw conflict(CMA_CHANGED);
      if (s.latest && sameComps(s.latest.comps, c.comps)) return [];
      const { kind: _k, expectedVersion: _v, ...data } = c;
      return [{ type: 'CmaSaved', data: { ...data, version: version + 1 } }];
    }
    case 'send': {
      if (s.sends.has(c.sendId)) return [];
      if (!c.emailAllowed) throw forbidden(CMA_EMAIL_OFF);
      const { kind: _k, emailAllowed: _e, ...data } = c;
      return [{ type: 'CmaSent', data }];
    }
    case 'open': {
      const sent = s.sends.get(c.sendId);
      if (!sent || sent.opened) return [];
      return [{ type: 'CmaOpened', data: { leadId: sent.leadId, siteId: sent.siteId, sendId: sent.sendId } }];
    }
    default:
      return assertNever(c);
  }
}

export const cmaDecider: Decider<Cma, CmaCommand, CmaEvent> = { initialState: initialCma, evolve: evolveCma, decide: decideCma };
