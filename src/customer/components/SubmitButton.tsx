import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * The form's submit button, with a spinner while the form is being sent. It is marked busy
 * (aria-disabled) rather than disabled then: a disabled button loses the keyboard focus to the page,
 * and a second press, or Enter in a field, is cancelled here instead.
 */
export function SubmitButton({ submitting, children, fullWidth }: { submitting: boolean; children: ReactNode; fullWidth?: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      aria-disabled={submitting || undefined}
      onClick={(event) => {
        if (submitting) event.preventDefault();
      }}
      fullWidth={fullWidth}
      startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      sx={{ mt: 2 }}
    >
      {children}
    </Button>
  );
}
