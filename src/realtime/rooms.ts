/** Who is on a socket (socket.data.user), from the session of its handshake. */
export type SocketUser = {
  readonly id: string;
  readonly level: number;
  /** The broker whose office the user is in (a broker's own id); null for leads and staff. */
  readonly officeId: string | null;
  readonly impersonatorId: string | null;
};

/**
 * user:<id> always; staff for level 25; office:<officeId> for brokers and their agents;
 * impersonator:<staffId> while staff act as the user (so ending the staff member's sessions
 * closes it too).
 */
export function roomsFor(user: SocketUser): string[] {
  const rooms = [`user:${user.id}`];
  if (user.impersonatorId) rooms.push(`impersonator:${user.impersonatorId}`);
  if (user.level >= 25) rooms.push('staff');
  if (user.officeId && (user.level === 10 || user.level === 15)) rooms.push(`office:${user.officeId}`);
  return rooms;
}
