import { mayOrder } from '../../shared/api/accounts-basics';

/**
 * Who is looking at /unauthorized, where the role guard sends an account that may not order: a
 * visitor who is signed out, an account awaiting approval (role none), or one that is approved.
 * The page's heading and the browser tab's title both come from here, so they say the same.
 */
export type AccountStanding = 'signed-out' | 'awaiting-approval' | 'approved';

export function accountStanding(user: { role: string } | null): AccountStanding {
  if (!user) return 'signed-out';
  return mayOrder(user) ? 'approved' : 'awaiting-approval';
}

export const STANDING_HEADINGS: Readonly<Record<AccountStanding, string>> = {
  'signed-out': 'Please sign in',
  'awaiting-approval': 'Your account is awaiting approval',
  approved: 'Your account is approved',
};

/** The heading (and tab title) of /unauthorized for this viewer. */
export const standingHeading = (user: { role: string } | null): string => STANDING_HEADINGS[accountStanding(user)];
