import Chip from '@mui/material/Chip';
import { useRecordContext } from 'react-admin';
import type { StaffUser, Role } from '../../shared/api';

/** Short labels for a list column; the forms use the full ROLE_LABELS. */
export const ROLE_CHIPS: Record<Role, { label: string; color: 'primary' | 'secondary' | 'default' | 'warning' }> = {
  admin: { label: 'Staff', color: 'primary' },
  trade: { label: 'Trade', color: 'secondary' },
  user: { label: 'Customer', color: 'default' },
  none: { label: 'Awaiting approval', color: 'warning' },
};

/** The role as a small chip: staff stand out, accounts awaiting approval are flagged. */
export function RoleField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<StaffUser>();
  if (!record) return null;
  const chip = ROLE_CHIPS[record.role];
  // MUI's warning chip (white on orange) is 3.1:1; awaiting approval reads dark on light orange instead (axe: colour contrast).
  if (record.role === 'none') return <Chip size="small" label={chip.label} sx={{ bgcolor: 'warning.light', color: 'text.primary' }} />;
  return <Chip size="small" label={chip.label} color={chip.color} variant={record.role === 'user' ? 'outlined' : 'filled'} />;
}
