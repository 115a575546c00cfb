import Box from '@mui/material/Box';
import { SettingText } from '../../../shared/ui';

/**
 * The status banner of both the signed-in and signed-out layouts: the STATUS_TEXT setting
 * ("Loading..." meanwhile). With no text set, or when it cannot be loaded, the strip disappears.
 */
export function StatusBanner() {
  return (
    <Box
      role="status"
      aria-label="Service status"
      sx={{
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        px: 2,
        py: 0.75,
        textAlign: 'center',
        fontSize: '0.875rem',
        fontWeight: 600,
        '&:empty': { display: 'none' },
      }}
    >
      <SettingText name="STATUS_TEXT" />
    </Box>
  );
}
