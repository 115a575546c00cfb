import Chip from '@mui/material/Chip';
import { useRecordContext } from 'react-admin';
import type { StaffSetting } from '../../shared/api';

/** Public settings are readable by anyone (the banner, the footer); the rest by staff only. */
export function PublicField(_props: { source?: string; label?: string }) {
  const setting = useRecordContext<StaffSetting>();
  if (!setting) return null;
  return setting.public ? <Chip size="small" color="success" label="Public" /> : <Chip size="small" variant="outlined" label="Staff only" />;
}
