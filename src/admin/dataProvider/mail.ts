import type { Identifier } from 'react-admin';
import type { StaffMail } from '../../shared/api';
import { http } from '../../shared/http';
import { API_BASE, call } from './call';

/** The outbox's calls beyond its list. */
export interface MailCalls {
  /** Queues an outbox message again (failed or sent), or tries a pending one now; answers it as it stands. */
  resendMail(id: Identifier): Promise<StaffMail>;
}

export const mailCalls: MailCalls = {
  resendMail(id) {
    return call(http.post<StaffMail>(`${API_BASE}/mail/${encodeURIComponent(id)}/resend`));
  },
};
