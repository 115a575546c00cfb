import { ROLE_LABELS, ROLES, type Role } from '../../shared/api';

/** Where each role stands in the pickers: customers first, staff last. A Record, so a new role cannot be forgotten. */
const PICKER_RANK: Record<Role, number> = { trade: 0, user: 1, none: 2, admin: 3 };

/** Every role of the API (ROLES) as react-admin choices, with the words staff read. */
export const ROLE_CHOICES = [...ROLES].sort((a, b) => PICKER_RANK[a] - PICKER_RANK[b]).map((id) => ({ id, name: ROLE_LABELS[id] }));
