import Download from '@mui/icons-material/Download';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState, type ReactNode } from 'react';

/** Saves a fetched file under its own name, as a download link would. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Fetching a file through the API client (it carries the Bearer header, which a plain link cannot)
 * and saving it: `busy` while it comes, `failed` when it did not.
 */
export function useSaveFile(fetchFile: () => Promise<Blob>, name: string) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const save = () => {
    setBusy(true);
    setFailed(false);
    fetchFile()
      .then((blob) => saveBlob(blob, name))
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  return { save, busy, failed };
}

/** A button that fetches a file and saves it (small files: invoices, statements), with its spinner and its failure beside it. */
export function SaveFileButton({
  fetchFile,
  name,
  children,
  ...button
}: { fetchFile: () => Promise<Blob>; name: string; children: ReactNode } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { save, busy, failed } = useSaveFile(fetchFile, name);
  return (
    <Box component="span" sx={{ display: 'inline-block' }}>
      <Button
        size="small"
        {...button}
        onClick={save}
        disabled={busy || button.disabled}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <Download aria-hidden />}
      >
        {children}
      </Button>
      {failed && (
        <Alert severity="error" sx={{ my: 1 }}>
          The file could not be downloaded. Please try again.
        </Alert>
      )}
    </Box>
  );
}

/** How long an opened file's address lives: the browser's viewer may read it again (to save or print it). */
const OPENED_FILE_LIFETIME_MS = 10 * 60_000;

/**
 * Fetching a file through the API client and opening it in a new tab (a PDF in the browser's own
 * viewer). The tab is opened at the press, while the browser still counts it as the person's doing
 * (one opened when the file has come would be blocked as a pop-up), then pointed at the file; where
 * no tab could be opened, the file is saved instead.
 */
export function useOpenFile(fetchFile: () => Promise<Blob>, name: string) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const open = () => {
    const tab = window.open('', '_blank');
    setBusy(true);
    setFailed(false);
    fetchFile()
      .then((blob) => {
        if (!tab || tab.closed) return saveBlob(blob, name);
        const url = URL.createObjectURL(blob);
        tab.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), OPENED_FILE_LIFETIME_MS);
      })
      .catch(() => {
        tab?.close();
        setFailed(true);
      })
      .finally(() => setBusy(false));
  };
  return { open, busy, failed };
}

/** A button that fetches a file and opens it in a new tab, with its spinner and its failure beside it. */
export function OpenFileButton({
  fetchFile,
  name,
  children,
  failure = 'The file could not be opened. Please try again.',
  ...button
}: { fetchFile: () => Promise<Blob>; name: string; children: ReactNode; failure?: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { open, busy, failed } = useOpenFile(fetchFile, name);
  return (
    <>
      <Button
        {...button}
        onClick={() => !busy && open()}
        aria-disabled={busy || button['aria-disabled'] || undefined}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <OpenInNew aria-hidden />}
      >
        {children}
      </Button>
      {failed && (
        <Alert severity="error" sx={{ my: 1, width: '100%' }}>
          {failure}
        </Alert>
      )}
    </>
  );
}
