import type { CurrentUser } from '../../../api/account';
import type { Role } from '../../../api/dashboardApi';

/**
 * Who is looking, as the server's dashboard scope reads it from the session (staff 25, broker 15,
 * agent 10): the app shell has the session already, so a view need not wait for the lead list
 * to learn it. Null for anyone else (the server answers them 403).
 */
export function sessionViewer(user: CurrentUser | null): { readonly userId: string; readonly role: Role } | null {
  if (!user) return null;
  const role: Role | null = user.securityLevel >= 25 ? 'staff' : user.securityLevel >= 15 ? 'broker' : user.securityLevel >= 10 ? 'agent' : null;
  return role ? { userId: user.userDID, role } : null;
}
