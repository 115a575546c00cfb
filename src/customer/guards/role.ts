import { defineGuard, type Guard } from './types';
import { route } from '../paths';

/**
 * Specification §2 guard 4: only the roles in a comma-separated list pass, e.g.
 * role('user,trade,admin'); anyone else goes to /unauthorized (which is itself a navigation that
 * continues, so the page explaining why is shown).
 */
export function role(allowed: string): Guard {
  const roles = allowed
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return defineGuard(`role:${roles.join(',')}`, ({ user }) => (user && roles.includes(user.role) ? undefined : { to: route('unauthorized') }));
}
