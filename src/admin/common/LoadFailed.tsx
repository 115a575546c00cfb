import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A part of a staff screen could not load: what, and "Try again". */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {what} could not be loaded.
    </Alert>
  );
}
