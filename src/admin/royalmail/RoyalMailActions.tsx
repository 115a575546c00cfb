import DownloadIcon from '@mui/icons-material/Download';
import SendIcon from '@mui/icons-material/Send';
import DispatchIcon from '@mui/icons-material/LocalShipping';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import type { RoyalMailOrder } from '../../shared/api/staff-production';
import { saveBlob } from '../../shared/ui/download';
import { ActionDialogButtons } from '../common/ActionDialogButtons';
import { PerOrderResults, type PerOrderResult } from '../common/PerOrderResults';
import type { StaffDataProvider } from '../dataProvider';
import { fieldErrorsOf, messageOf } from '../dataProvider/errors';
import { ROYAL_MAIL_STATUS_KEY, useRoyalMailStatus } from './useRoyalMailStatus';
import { FailureAlert } from '../../shared/ui/FailureAlert';

type Action = 'push' | 'dispatch';

const WORDS: Record<Action, { title: (n: number) => string; intro: string; confirm: string; done: string }> = {
  push: {
    title: (n) => `Send ${n} order${n === 1 ? '' : 's'} to Click & Drop`,
    intro:
      'Each order is created in Click & Drop with its address, weight, package and service, and its tracking number is stored here. An order already sent is not sent again. The orders stay in Processing until you mark them Dispatched.',
    confirm: 'Send',
    done: 'sent',
  },
  dispatch: {
    title: (n) => `Mark ${n} order${n === 1 ? '' : 's'} Dispatched`,
    intro:
      'Each order moves to Dispatched with its tracking number, and its customer is e-mailed the number and the Royal Mail tracking link. An order without a tracking number is not moved: send it to Click & Drop or import its number first.',
    confirm: 'Mark dispatched',
    done: 'marked dispatched',
  },
};

const OpenAction = createContext<(action: Action, ids: number[]) => void>(() => undefined);

/**
 * Holds the Royal Mail page's dialogs outside its table (the bulk toolbar goes with the selection,
 * the dialog and its results must not). When results are closed, the orders done leave the
 * selection, and the list and the dashboard's counts are read again.
 */
export function RoyalMailDialogsHost({ children }: { children: ReactNode }) {
  const { onSelect } = useListContext<RoyalMailOrder>();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [open, setOpen] = useState<{ action: Action; ids: number[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [results, setResults] = useState<PerOrderResult[] | null>(null);
  const [trackingOf, setTrackingOf] = useState<Map<number, string>>(new Map());

  async function confirm() {
    if (!open) return;
    setBusy(true);
    setFailure(null);
    try {
      if (open.action === 'push') {
        const answered = await dataProvider.pushRoyalMail(open.ids);
        setTrackingOf(new Map(answered.filter((r) => r.ok && r.tracking_number).map((r) => [r.id, r.tracking_number!])));
        setResults(answered);
      } else {
        setResults(await dataProvider.bulkMoveOrders({ ids: open.ids, status: 'dispatched' }));
      }
    } catch (error) {
      setFailure(Object.values(fieldErrorsOf(error))[0] ?? messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  function close() {
    if (busy) return;
    if (results) {
      onSelect(results.filter((r) => !r.ok).map((r) => r.id));
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ROYAL_MAIL_STATUS_KEY });
      refresh();
    }
    setOpen(null);
    setResults(null);
    setFailure(null);
  }

  const words = open ? WORDS[open.action] : null;
  return (
    <OpenAction.Provider value={(action, ids) => setOpen({ action, ids })}>
      {children}
      {open && words ? (
        <Dialog open onClose={close} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="sm">
          <DialogTitle id={titleId}>{words.title(open.ids.length)}</DialogTitle>
          <DialogContent>
            {results ? (
              <PerOrderResults
                results={results}
                done={words.done}
                detail={
                  open.action === 'push'
                    ? (r) => (trackingOf.get(r.id) ? `Tracking number ${trackingOf.get(r.id)}` : 'Created in Click & Drop; no tracking number yet')
                    : undefined
                }
              />
            ) : (
              <>
                <DialogContentText sx={{ mb: 2 }}>{words.intro}</DialogContentText>
                <FailureAlert failure={failure} />
              </>
            )}
          </DialogContent>
          <ActionDialogButtons done={!!results} busy={busy} onClose={close} confirm={words.confirm} onConfirm={() => void confirm()} />
        </Dialog>
      ) : null}
    </OpenAction.Provider>
  );
}

/** A bulk action: its words on a wide screen; on a phone its icon, named for screen readers and by a tooltip. */
function ActionButton({ label, icon, compact, ...props }: { label: string; icon: ReactNode; compact: boolean } & Omit<ButtonProps, 'children' | 'startIcon'>) {
  if (!compact) {
    return (
      <Button size="small" startIcon={icon} {...props}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip title={props.title ?? label}>
      <span>
        <IconButton size="small" color="primary" aria-label={label} onClick={props.onClick} disabled={props.disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Saves the selected orders as Click & Drop's order-import CSV. */
function ExportButton({ ids, compact }: { ids: number[]; compact: boolean }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const exportCsv = () => {
    setBusy(true);
    dataProvider
      .exportRoyalMail(ids)
      .then(({ blob, name }) => {
        saveBlob(blob, name);
        notify(`${ids.length} order${ids.length === 1 ? '' : 's'} exported for Click & Drop: import ${name} there.`, { type: 'success' });
      })
      .catch((error: unknown) => notify(Object.values(fieldErrorsOf(error))[0] ?? messageOf(error), { type: 'error' }))
      .finally(() => setBusy(false));
  };
  return (
    <ActionButton
      compact={compact}
      label="Export CSV"
      icon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon />}
      onClick={exportCsv}
      disabled={busy}
    />
  );
}

/** The table's bulk actions: export for Click & Drop, send to its API (when set up), mark Dispatched. */
export function RoyalMailBulkActions() {
  const { selectedIds } = useListContext<RoyalMailOrder>();
  const open = useContext(OpenAction);
  const { data: status } = useRoyalMailStatus();
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const ids = selectedIds.map(Number);
  return (
    <>
      <ExportButton ids={ids} compact={compact} />
      <ActionButton
        compact={compact}
        label="Send to Click & Drop"
        icon={<SendIcon />}
        onClick={() => open('push', ids)}
        disabled={!status?.push_enabled}
        title={status?.push_enabled ? undefined : 'Click & Drop is not connected: export the CSV instead'}
      />
      <ActionButton compact={compact} label="Mark dispatched" icon={<DispatchIcon />} onClick={() => open('dispatch', ids)} />
    </>
  );
}
