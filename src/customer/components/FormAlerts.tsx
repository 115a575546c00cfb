import Alert from '@mui/material/Alert';

/** The form-wide outcome: an error naming no single field, or the words confirming success. */
export function FormAlerts({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ my: 2 }}>
          {error}
        </Alert>
      )}
      {success && (
        <Alert severity="success" sx={{ my: 2 }} role="status">
          {success}
        </Alert>
      )}
    </>
  );
}
