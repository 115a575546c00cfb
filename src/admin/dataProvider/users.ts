import type { Identifier } from 'react-admin';
import type { StaffUser } from '../../shared/api';
import type { StaffCredit } from '../../shared/api/staff-orders';
import { http } from '../../shared/http';
import { API_BASE, call } from './call';

/** A user's calls beyond CRUD: the logo, and their credit position. */
export interface UsersCalls {
  /** Uploads (or replaces) a user's logo; answers the user with its new logo. */
  uploadLogo(userId: Identifier, file: File): Promise<StaffUser>;
  /** Removes a user's logo; answers the user without one. */
  removeLogo(userId: Identifier): Promise<StaffUser>;
  /** What the customer owes, their credit limit, and why their orders on account are held (if they are). */
  creditOf(userId: Identifier): Promise<StaffCredit>;
}

const userLogoPath = (userId: Identifier) => `${API_BASE}/users/${encodeURIComponent(userId)}/logo`;

export const usersCalls: UsersCalls = {
  async uploadLogo(userId, file) {
    // Read when a logo is uploaded: the shared schemas (with the telephone metadata) load with the
    // users screens, not with the staff area's first chunk.
    const { LOGO_FIELD } = await import('../../shared/api/staff-users');
    const form = new FormData();
    form.append(LOGO_FIELD, file);
    return call(http.post<StaffUser>(userLogoPath(userId), form));
  },
  removeLogo(userId) {
    return call(http.delete<StaffUser>(userLogoPath(userId)));
  },
  creditOf(userId) {
    return call(http.get<StaffCredit>(`${API_BASE}/users/${encodeURIComponent(userId)}/credit`));
  },
};
