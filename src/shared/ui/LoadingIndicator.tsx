import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** The small "Loading / Please wait" indicator; a polite live region for screen readers. */
export function LoadingIndicator() {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2 }}>
      {/* The texts say it already; the spinner is decoration. */}
      <CircularProgress size={32} aria-hidden />
      <Box>
        <Typography component="p" variant="subtitle1">
          Loading
        </Typography>
        <Typography component="p" variant="body2" color="text.secondary">
          Please wait
        </Typography>
      </Box>
    </Box>
  );
}
