import { comparePositions } from '../../../../../src/contract/position';

export type Push = { readonly name: string; readonly payload: Record<string, unknown> & { readonly position?: string } };

/** What makes a push the same push, whether it came live or from feed/since. */
export function pushKey(p: Push): string {
  const x = p.payload;
  switch (p.name) {
    case 'lead.captured':
      return `captured:${String(x.leadId)}`;
    case 'lead.activity':
      return `activity:${String(x.eventId)}`;
    case 'lead.stage':
      return `stage:${String(x.eventId)}`;
    case 'chat.message':
      return `chat:${String(x.messageId)}`;
    case 'thread.item': {
      // A text's item comes again as the carrier reports on it: each state is news.
      const item = x.item as { id?: string; deliveryState?: string } | undefined;
      return `thread:${String(item?.id)}${item?.deliveryState ? `:${item.deliveryState}` : ''}`;
    }
    case 'chat.read':
      return `read:${String(x.leadId)}:${String(x.readerId)}:${String(x.upToMessageId)}`;
    default:
      return `${p.name}:${JSON.stringify(x)}`;
  }
}

/**
 * Remembers which pushes were handled and the newest position seen, so that a client that
 * reconnects asks only for what came after it and never handles one twice. A lead that is
 * captured again (reassigned to me) is a new push; the same lead in the list is updated in place.
 */
export class PushLedger {
  private readonly seen = new Set<string>();
  private last: string | null;

  constructor(start: string | null = null) {
    this.last = start;
  }

  get position(): string | null {
    return this.last;
  }

  /** True the first time a push is offered; moves the position forwards. */
  accept(p: Push): boolean {
    const pos = typeof p.payload.position === 'string' ? p.payload.position : null;
    if (pos && (!this.last || comparePositions(pos, this.last) > 0)) this.last = pos;
    const key = pushKey(p);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    if (this.seen.size > 20_000) this.seen.clear();
    return true;
  }

  /** Moves the position without a push (feed/since answers where the read side is). */
  advance(pos: string): void {
    if (!this.last || comparePositions(pos, this.last) > 0) this.last = pos;
  }

  /** A lead reassigned away and back is news again. */
  forget(leadId: string): void {
    this.seen.delete(`captured:${leadId}`);
  }
}
