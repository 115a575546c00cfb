import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import type { StaffUser } from '../../shared/api';

export const fullName = (user: Pick<StaffUser, 'firstname' | 'lastname'>) => `${user.firstname} ${user.lastname}`.trim();

/** First and last name together, the way people are looked up. */
export function FullNameField(_props: { source?: string; label?: string; sortBy?: string }) {
  const record = useRecordContext<StaffUser>();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
      {fullName(record)}
    </Typography>
  );
}
