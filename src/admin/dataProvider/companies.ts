import type { Identifier } from 'react-admin';
import type { StaffCompany, StaffMoveInput } from '../../shared/api/company-members';
import { http } from '../../shared/http';
import { API_BASE, call } from './call';

/** An account's company: its members, and the move of the account to another company. */
export interface CompaniesCalls {
  companyOfUser(userId: Identifier): Promise<StaffCompany>;
  /** Moves the account (at the version the form read) into another company with a role; answers its new company. */
  moveToCompany(userId: Identifier, move: StaffMoveInput): Promise<StaffCompany>;
}

const companyPath = (userId: Identifier) => `${API_BASE}/users/${encodeURIComponent(userId)}/company`;

export const companiesCalls: CompaniesCalls = {
  companyOfUser(userId) {
    return call(http.get<StaffCompany>(companyPath(userId)));
  },
  moveToCompany(userId, move) {
    return call(http.post<StaffCompany>(companyPath(userId), move, { skipErrorDialogs: true }));
  },
};
