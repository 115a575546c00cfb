import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import type { StaffSetting } from '../../shared/api';

/** The value on one or two lines; the full text is on the setting's page. */
export function SettingValueField(_props: { source?: string; label?: string }) {
  const setting = useRecordContext<StaffSetting>();
  if (!setting) return null;
  return (
    <Typography variant="body2" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', maxWidth: 480 }}>
      {setting.value || '—'}
    </Typography>
  );
}
