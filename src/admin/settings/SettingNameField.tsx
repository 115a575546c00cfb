import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import type { StaffSetting } from '../../shared/api';
import { settingLabelOf } from './settingLabels';

/** The readable label, with the key the code reads small beside it. */
export function SettingNameField(_props: { source?: string; label?: string }) {
  const setting = useRecordContext<StaffSetting>();
  if (!setting) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {settingLabelOf(setting)}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {setting.name}
      </Typography>
    </Box>
  );
}
