import { ROLE_LABELS, ROLES } from '../../shared/api';

/** The roles as react-admin choices, in the order staff think of them: customers first. */
export const ROLE_CHOICES = (['trade', 'user', 'none', 'admin'] as const).map((id) => ({ id, name: ROLE_LABELS[id] }));

// Every role of the API is offered: a new role must be added above as well.
if (ROLE_CHOICES.length !== ROLES.length) throw new Error('ROLE_CHOICES is missing a role');
