import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** The form's submit button: disabled, with a spinner, while the form is being sent. */
export function SubmitButton({ submitting, children, fullWidth }: { submitting: boolean; children: ReactNode; fullWidth?: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={submitting}
      fullWidth={fullWidth}
      startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      sx={{ mt: 2 }}
    >
      {children}
    </Button>
  );
}
