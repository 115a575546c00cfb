import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useDataProvider } from 'react-admin';
import type { Item } from '../../shared/api/orders';
import type { StaffOrder } from '../../shared/api/staff-orders';
import { PROOF_STATUS_NAMES, type ItemProofState } from '../../shared/domain/orders/proofs';
import { OpenFileButton } from '../../shared/ui/download';
import { FailureAlert } from '../../shared/ui/FailureAlert';
import { formatBytes } from '../../shared/ui/fileSize';
import { UploadProgress } from '../../shared/ui/UploadProgress';
import { ActionDialogButtons } from '../common/ActionDialogButtons';
import type { StaffDataProvider } from '../dataProvider';
import { fieldErrorsOf, messageOf } from '../dataProvider/errors';
import type { StaffProofVersion } from '../dataProvider/proofs';
import { formatUkDateTime } from './fields';

/*
 * An item's proof as staff run it (DESIGN §2 "Proofs and templates"): its state, every version with
 * how it was made and what was decided, each version's PDF, a proof of their own (a hard proof from
 * the RIP) and approval for the customer who said yes on the phone. Every change names the version
 * staff saw; a stale one (the customer decided, or a colleague uploaded) reloads the order.
 */

/** Staff's words for a proof's state: the customer's, said of the customer. */
const STAFF_PROOF_NAMES = { ...PROOF_STATUS_NAMES, ready: 'Waiting for the customer’s approval' } as const;
const CHIP_COLOURS = { making: 'default', ready: 'info', approved: 'success', changes_requested: 'warning' } as const;

export function ProofChip({ proof }: { proof: ItemProofState }) {
  return <Chip size="small" color={CHIP_COLOURS[proof.status]} label={`${STAFF_PROOF_NAMES[proof.status]} (v${proof.version})`} />;
}

const proofName = (orderId: number, itemId: number, version: number) => `order-${orderId}-item-${itemId}-proof-v${version}.pdf`;
const proofsKey = (orderId: number, itemId: number) => ['orders', 'proofs', orderId, itemId] as const;

/** Read again after any change (or a refusal that says the proof moved on): the order (its getOne) and this item's versions. */
function useProofChanged(orderId: number, itemId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['orders', 'getOne'] }), queryClient.invalidateQueries({ queryKey: proofsKey(orderId, itemId) })]);
}

/** The Proofs part of an item with a proof: state, versions, and what staff may do now. */
export function ProofSection({ order, item }: { order: StaffOrder; item: Item }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const headingId = useId();
  const proof = item.proof;
  const versions = useQuery({
    queryKey: proofsKey(order.id, item.id),
    queryFn: () => dataProvider.proofVersions(order.id, item.id),
    // Made once the order is confirmed: none to list before.
    enabled: proof !== null,
  });
  const [dialog, setDialog] = useState<'upload' | 'approve' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const open = order.status === 'live' || order.status === 'problem';
  const canUpload = open && proof?.status !== 'approved';
  const canApprove = open && proof?.status === 'ready';

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }} data-testid={`staff-proof-${item.id}`}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h5" id={headingId}>
          Proofs
        </Typography>
        {proof ? <ProofChip proof={proof} /> : <Chip size="small" variant="outlined" label="No proof yet" />}
      </Stack>
      {proof?.status === 'changes_requested' && proof.comment ? (
        <Alert severity="warning" icon={false} sx={{ mb: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          <strong>Changes asked for{proof.decided_by ? ` by ${proof.decided_by}` : ''}:</strong> {proof.comment}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity="info" role="status" onClose={() => setNotice(null)} sx={{ mb: 1 }}>
          {notice}
        </Alert>
      ) : null}
      {!proof ? (
        <Typography variant="body2" color="text.secondary">
          The proof is made once the artwork has passed its checks.
        </Typography>
      ) : versions.isPending ? (
        <Typography variant="body2" role="status">
          Loading the versions…
        </Typography>
      ) : versions.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void versions.refetch()}>
              Try again
            </Button>
          }
        >
          The proof’s versions could not be loaded. {messageOf(versions.error, '')}
        </Alert>
      ) : versions.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No version yet: the first is being made.
        </Typography>
      ) : (
        <VersionList orderId={order.id} itemId={item.id} versions={versions.data} />
      )}
      {canUpload || canApprove ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          {canUpload ? (
            <Button variant="outlined" onClick={() => setDialog('upload')}>
              Upload our own proof
            </Button>
          ) : null}
          {canApprove ? (
            <Button variant="contained" onClick={() => setDialog('approve')}>
              Approve for the customer
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {dialog === 'upload' ? (
        <UploadProofDialog
          order={order}
          item={item}
          onClose={() => setDialog(null)}
          onDone={(text) => {
            setDialog(null);
            setNotice(text);
          }}
        />
      ) : null}
      {dialog === 'approve' && proof ? (
        <ApproveForCustomerDialog
          order={order}
          item={item}
          proof={proof}
          onClose={() => setDialog(null)}
          onDone={(text) => {
            setDialog(null);
            setNotice(text);
          }}
        />
      ) : null}
    </Box>
  );
}

/** Who made a version and what became of it, in one line each. */
function versionLines(v: StaffProofVersion): string[] {
  const made = `${v.source === 'staff' ? `Uploaded by ${v.created_by ?? 'staff'}` : 'Made from the artwork'} · ${formatUkDateTime(v.created_at)} · ${formatBytes(v.size)}`;
  const lines = [made];
  if (v.decision === 'approved') {
    lines.push(`Approved${v.decided_by ? ` by ${v.decided_by}` : ''}${v.on_behalf ? ' for the customer (by staff)' : ''} · ${formatUkDateTime(v.decided_at)}`);
  } else if (v.decision === 'changes_requested') {
    lines.push(`Changes asked for${v.decided_by ? ` by ${v.decided_by}` : ''} · ${formatUkDateTime(v.decided_at)}`);
  } else {
    lines.push('No decision yet');
  }
  if (v.reminders_sent > 0) lines.push(`${v.reminders_sent} reminder${v.reminders_sent === 1 ? '' : 's'} sent`);
  return lines;
}

function VersionList({ orderId, itemId, versions }: { orderId: number; itemId: number; versions: StaffProofVersion[] }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return (
    <Box component="ol" aria-label="Proof versions, newest first" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {versions.map((v) => (
        <Box component="li" key={v.version} sx={{ borderLeft: 3, borderColor: v.decision === 'approved' ? 'success.main' : 'divider', pl: 1.5 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Version {v.version}
            </Typography>
            <OpenFileButton
              size="small"
              fetchFile={() => dataProvider.proofPdf(orderId, itemId, v.version)}
              name={proofName(orderId, itemId, v.version)}
              aria-label={`View proof version ${v.version} (opens in a new tab)`}
              failure="The proof could not be opened. Please try again."
            >
              View
            </OpenFileButton>
          </Stack>
          {versionLines(v).map((line) => (
            <Typography key={line} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {line}
            </Typography>
          ))}
          {v.comment ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              “{v.comment}”
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

/** A refusal because the proof moved on since the page was read (the customer decided, a colleague uploaded). */
const isConflict = (error: unknown) => (error as { status?: number } | null)?.status === 409;
const CONFLICT_NOTE = 'The proof changed since this page was read, so the order is reloaded: look at it again.';

interface DialogProps {
  order: StaffOrder;
  item: Item;
  onClose(): void;
  onDone(notice: string): void;
}

/** "Upload our own proof": a PDF, sent with the version staff saw, with its progress; what the server refuses shows beside the file. */
function UploadProofDialog({ order, item, onClose, onDone }: DialogProps) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const changed = useProofChanged(order.id, item.id);
  const titleId = useId();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = progress !== null;
  const seen = item.proof?.version ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setErrors({ file: 'Choose the proof PDF to upload' });
    setErrors({});
    setFailure(null);
    setProgress(0);
    try {
      const made = await dataProvider.uploadProof(order.id, item.id, file, seen, setProgress);
      await changed();
      onDone(`Proof version ${made.version} uploaded: the customer is told it is ready to approve.`);
    } catch (error) {
      if (isConflict(error)) {
        await changed();
        setFailure(`${messageOf(error)} ${CONFLICT_NOTE}`);
      } else {
        const fields = fieldErrorsOf(error);
        setErrors(fields);
        if (!fields.file) setFailure(messageOf(error));
      }
    } finally {
      setProgress(null);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Upload our own proof: {item.product_name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              A PDF of your own (a hard proof from the RIP) becomes version {seen === null ? 1 : seen + 1}, ready for the customer, who is e-mailed to approve
              it.
            </DialogContentText>
            <FailureAlert failure={failure} />
            <input
              ref={input}
              type="file"
              accept="application/pdf,.pdf"
              hidden
              aria-label="Proof PDF"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setErrors({});
                event.target.value = '';
              }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Button variant="outlined" onClick={() => !busy && input.current?.click()} aria-disabled={busy || undefined} sx={{ alignSelf: 'flex-start' }}>
                {file ? 'Choose another PDF' : 'Choose the PDF'}
              </Button>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="proof-file">
                {file ? `${file.name} (${formatBytes(file.size)})` : 'No file chosen'}
              </Typography>
            </Stack>
            {errors.file || errors.version ? (
              <Typography variant="body2" color="error" role="alert">
                {errors.file ?? errors.version}
              </Typography>
            ) : null}
            {progress !== null ? <UploadProgress label="Uploading the proof" percent={progress} /> : null}
          </Stack>
        </DialogContent>
        <ActionDialogButtons done={false} busy={busy} onClose={onClose} confirm={busy ? 'Uploading…' : 'Upload'} />
      </form>
    </Dialog>
  );
}

/** "Approve for the customer": who agreed and how is required, and kept in the history as approval on their behalf. */
function ApproveForCustomerDialog({ order, item, proof, onClose, onDone }: DialogProps & { proof: ItemProofState }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const changed = useProofChanged(order.id, item.id);
  const titleId = useId();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) return setErrors({ note: 'Say who approved it and how, e.g. “approved by Jane on the phone”' });
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await dataProvider.approveProofForCustomer(order.id, item.id, { version: proof.version, note: note.trim() });
      await changed();
      onDone(`Proof version ${proof.version} approved for the customer.`);
    } catch (error) {
      if (isConflict(error)) {
        await changed();
        setFailure(`${messageOf(error)} ${CONFLICT_NOTE}`);
      } else {
        const fields = fieldErrorsOf(error);
        setErrors(fields);
        if (!fields.note) setFailure(messageOf(error));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>
          Approve proof version {proof.version} for the customer: {item.product_name}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              Only when the customer has approved it another way. It is final: this version is printed, and the history records that staff approved it for the
              customer.
            </DialogContentText>
            <FailureAlert failure={failure} />
            <TextField
              label="How the customer approved it"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              required
              multiline
              minRows={2}
              autoFocus
              error={!!errors.note}
              helperText={errors.note ?? 'E.g. “approved by Jane on the phone”. Kept in the order’s history.'}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </Stack>
        </DialogContent>
        <ActionDialogButtons done={false} busy={busy} onClose={onClose} confirm={busy ? 'Approving…' : 'Approve for the customer'} />
      </form>
    </Dialog>
  );
}
