import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A page's or a part's data could not load: what, why when known, and "Try again" (customer and staff alike). */
export function LoadFailed({ what, onRetry, reason }: { what: string; onRetry: () => void; reason?: string }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {what} could not be loaded.{reason ? ` ${reason}` : ''}
    </Alert>
  );
}
