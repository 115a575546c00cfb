import Alert, { type AlertProps } from '@mui/material/Alert';

/** Why a form or an action failed, above its fields: nothing when it did not. */
export function FailureAlert({ failure, ...props }: { failure: string | null | undefined } & Omit<AlertProps, 'severity' | 'children'>) {
  if (!failure) return null;
  return (
    <Alert severity="error" role="alert" {...props}>
      {failure}
    </Alert>
  );
}
