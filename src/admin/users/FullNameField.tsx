import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import type { AdminUser } from '../../shared/api';

export const fullName = (user: Pick<AdminUser, 'firstname' | 'lastname'>) => `${user.firstname} ${user.lastname}`.trim();

/** First and last name together, the way people are looked up. */
export function FullNameField(_props: { source?: string; label?: string; sortBy?: string }) {
  const record = useRecordContext<AdminUser>();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
      {fullName(record)}
    </Typography>
  );
}
