import type { Viewer } from './viewer';

/** The office whose templates a viewer works with: the agent's broker, the broker, or (staff) the one asked for. */
export const officeOfViewer = (viewer: Viewer, asked?: string | null): string | null =>
  viewer.role === 'agent' ? (viewer.officeId ?? null) : viewer.role === 'broker' ? viewer.userId : (asked ?? null);
