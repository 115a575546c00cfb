import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * How far an upload has gone, while it goes: what is being sent and its percentage, in words and as a
 * bar. A polite status, so a screen reader hears it without losing its place.
 */
export function UploadProgress({ label, percent, sx }: { label: string; percent: number; sx?: SxProps<Theme> }) {
  return (
    <Box role="status" sx={sx}>
      <Typography variant="body2">
        {label}… {percent}%
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={`${label}: ${percent}%`} />
    </Box>
  );
}
