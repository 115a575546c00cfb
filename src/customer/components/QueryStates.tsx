import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { apiErrors } from '../../shared/http';
import { LoadFailed as SharedLoadFailed } from '../../shared/ui/LoadFailed';

/** The words of a failed call for the person: the server's message, or ours when it sent none. */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isAxiosError(error) && !error.response) return 'We could not reach the server. Check your connection and try again.';
  return apiErrors(error)?.message ?? fallback;
}

export const statusOf = (error: unknown): number | undefined => (isAxiosError(error) ? error.response?.status : undefined);

/** A page's data failed to load: what happened and "Try again". */
export function LoadFailed({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  return <SharedLoadFailed what={what} onRetry={onRetry} reason={errorText(error, '')} />;
}

export function Loading({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', py: 4 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{label}</Typography>
    </Stack>
  );
}

/**
 * A list page's four states, the same on every list: loading, failed (with "Try again"), empty (what
 * to say, and a way back when a search or filter emptied it), and the page of rows.
 */
export function ListStates<Row>({
  query,
  loading,
  what,
  empty,
  back,
  children,
}: {
  query: UseQueryResult<{ data: Row[]; total: number }>;
  /** "Loading your orders…" */
  loading: string;
  /** "Your orders", as in "Your orders could not be loaded". */
  what: string;
  empty: string;
  back?: { to: string; label: string };
  children(page: { data: Row[]; total: number }): ReactNode;
}) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.isError) return <LoadFailed what={what} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.data.length === 0) {
    return (
      <Box sx={{ py: 2 }}>
        <Typography>{empty}</Typography>
        {back && (
          <Button component={RouterLink} to={back.to} sx={{ mt: 1 }}>
            {back.label}
          </Button>
        )}
      </Box>
    );
  }
  return children(query.data);
}
