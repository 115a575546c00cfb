import type { User } from '../../shared/api';
import { defineGuard } from './types';
import { route } from '../paths';

/** What ordering needs of the account (the fields registration asks for): an account opened by social sign-in has no address yet. */
export function isProfileComplete(user: User): boolean {
  return !!(user.firstname.trim() && user.lastname.trim() && user.address1.trim() && user.town.trim() && user.postcode.trim() && user.country_id !== null);
}

/**
 * Ordering pages: an account without its name and address (a first social sign-in) completes its
 * profile first, then comes back to where it was going.
 */
export const profileComplete = defineGuard('profile-complete', ({ user, target }) =>
  !user || isProfileComplete(user) ? undefined : { to: route('account.profile', {}, { complete: 1 }), intendedUrl: target.pathname + target.search },
);
