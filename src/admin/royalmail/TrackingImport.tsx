import UploadIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { TrackingImport } from '../../shared/api/staff-production';
import { ActionDialogButtons } from '../common/ActionDialogButtons';
import type { StaffDataProvider } from '../dataProvider';
import { fieldErrorsOf, messageOf } from '../dataProvider/errors';

/** One part of a checked file: a heading and its lines as a table that scrolls inside itself on a phone. */
function Lines({ title, label, headers, rows }: { title: string; label: string; headers: string[]; rows: Array<{ key: number; cells: ReactNode[] }> }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h4" component="h3" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {headers.map((header) => (
                <TableCell key={header}>{header}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                {row.cells.map((cell, i) => (
                  <TableCell key={i} sx={{ overflowWrap: 'anywhere' }}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/** A checked file's lines: the good ones (to be stored) and the bad ones with why. */
function Checked({ result }: { result: TrackingImport }) {
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        {result.rows} line{result.rows === 1 ? '' : 's'} read: {result.good.length} good, {result.errors.length} with a problem.
      </Typography>
      {result.errors.length ? (
        <Lines
          title="Not imported"
          label="Lines not imported"
          headers={['Line', 'Why']}
          rows={result.errors.map((e) => ({ key: e.row, cells: [e.row, e.message] }))}
        />
      ) : null}
      {result.good.length ? (
        <Lines
          title={result.applied ? 'Stored' : 'To be stored'}
          label={result.applied ? 'Tracking numbers stored' : 'Tracking numbers to store'}
          headers={['Line', 'Order', 'Tracking number']}
          rows={result.good.map((g) => ({
            key: g.row,
            cells: [
              g.row,
              `#${g.order_id}`,
              <>
                {g.tracking_number}
                {g.replaces ? (
                  <Typography variant="body2" color="warning.main" component="span" sx={{ display: 'block' }}>
                    replaces {g.replaces}
                  </Typography>
                ) : null}
              </>,
            ],
          }))}
        />
      ) : null}
    </>
  );
}

/**
 * "Import tracking numbers": a CSV of order number (or reference) and tracking number — Click &
 * Drop's own export will do. Every line is checked first and shown; nothing is stored until staff
 * confirm the good lines.
 */
export function TrackingImportButton() {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const notify = useNotify();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<TrackingImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function reset() {
    setFile(null);
    setChecked(null);
    setError(null);
    if (input.current) input.current.value = '';
  }
  function close() {
    if (busy) return;
    if (checked?.applied) {
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      refresh();
    }
    reset();
    setOpen(false);
  }
  async function send(chosen: File, apply: boolean) {
    setBusy(true);
    setError(null);
    try {
      const result = await dataProvider.importTracking(chosen, apply);
      setChecked(result);
      if (apply) notify(`${result.good.length} tracking number${result.good.length === 1 ? '' : 's'} stored.`, { type: 'success' });
    } catch (failure) {
      setError(fieldErrorsOf(failure).file ?? messageOf(failure));
    } finally {
      setBusy(false);
    }
  }
  function choose(chosen: File | undefined) {
    setChecked(null);
    setFile(chosen ?? null);
    if (chosen) void send(chosen, false);
  }

  return (
    <>
      <Button size="small" startIcon={<UploadIcon />} onClick={() => setOpen(true)}>
        Import tracking numbers
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="md">
        <DialogTitle id={titleId}>Import tracking numbers</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            A CSV file with the order number (or the customer&rsquo;s reference) and the tracking number on each line — Click &amp; Drop&rsquo;s own export will
            do. Every line is checked first; nothing is stored until you confirm.
          </DialogContentText>
          <Box sx={{ mb: 2 }}>
            <label htmlFor={inputId}>
              <Typography component="span" sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}>
                Tracking file (CSV)
              </Typography>
            </label>
            <input
              id={inputId}
              ref={input}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={error ? `${inputId}-error` : undefined}
              aria-invalid={error ? true : undefined}
              disabled={busy}
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </Box>
          {busy ? (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }} role="status">
              <CircularProgress size={20} aria-hidden /> {checked ? 'Storing…' : 'Checking the file…'}
            </Box>
          ) : null}
          {error ? (
            <Alert severity="error" id={`${inputId}-error`} sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          {checked ? <Checked result={checked} /> : null}
        </DialogContent>
        <ActionDialogButtons
          done={!!checked?.applied}
          busy={busy}
          onClose={close}
          confirm={checked?.good.length ? `Store ${checked.good.length} tracking number${checked.good.length === 1 ? '' : 's'}` : 'Store tracking numbers'}
          onConfirm={() => file && void send(file, true)}
          confirmDisabled={!file || !checked?.good.length}
        />
      </Dialog>
    </>
  );
}
