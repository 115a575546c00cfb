import type { User } from '../../shared/api';

interface AccessRequest {
  action: string;
  resource: string;
  record?: { id?: unknown } & Record<string, unknown>;
}

/** Resources that exist once and for all: settings are named by the code that reads them, countries are ISO's. */
const FIXED_SET = new Set(['settings', 'delivery/countries']);

/**
 * What a signed-in person may do in the staff area — a pure function of who they are and what
 * they ask (react-admin hides buttons and menu entries it refuses). The server decides the same
 * again on every call; this only keeps the screens honest.
 */
export function canAccess(user: User | null, { action, resource, record }: AccessRequest): boolean {
  if (user?.role !== 'admin') return false;
  if (FIXED_SET.has(resource) && (action === 'create' || action === 'delete')) return false;
  // An admin cannot delete their own account: another admin must.
  if (resource === 'users' && action === 'delete' && record?.id === user.id) return false;
  return true;
}
