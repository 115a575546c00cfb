import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Item, Order } from '../../../shared/api/orders';
import { formatMoment } from '../../../shared/domain/calendar/workingDays';
import { orderDaysLine, promisedDays } from '../../../shared/domain/orders/dates';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { awaitsApproval, PROOF_COMMENT_MAX, PROOF_STATUS_NAMES, type ItemProofState } from '../../../shared/domain/orders/proofs';
import { apiErrors } from '../../../shared/http';
import { OpenFileButton } from '../../../shared/ui/download';
import { focusLost, restoreFocus } from '../../../shared/ui/focus';
import { SCROLL_DELAY_MS } from '../../navigation/scroll';
import { UploadProgress } from '../../../shared/ui/UploadProgress';
import { useUploadArtwork } from '../../api/orders';
import { fetchProof, isOutdated, proofFileName, useApproveProof, useRequestProofChanges } from '../../api/proofs';
import { errorText } from '../../components/QueryStates';
import { ArtworkUpload } from '../create/ItemCard';

/*
 * The customer's side of proofs on the order page (DESIGN §2 "Proofs and templates"): each item
 * with a proof shows its state, lets them look at it, approve it (final for that version) or ask
 * for changes with a comment and, if they like, new artwork; a banner says the order waits for them.
 */

/** A confirmed order that waits for the customer: printing starts when every proof is approved. */
export const awaitingApproval = (order: Order): boolean => order.status === 'live' && order.items.some(awaitsApproval);

/**
 * "Waiting for your approval": above a live order with a proof not yet approved, with the days the
 * order keeps if approved today (the order's own days, while they are still ahead).
 */
export function AwaitingApprovalBanner({ order }: { order: Order }) {
  const ready = order.items.filter((item) => item.proof?.status === 'ready').length;
  const days =
    order.dispatch_due && order.dispatch_due >= ukToday() ? promisedDays(order.delivery_type?.carrier ?? null, order.dispatch_due, order.delivery_due) : null;
  const proofs = order.items.filter((item) => item.proof_requested).length > 1 ? 'the proofs' : 'the proof';
  return (
    <Alert severity="info" sx={{ mb: 3 }} data-testid="awaiting-approval">
      <AlertTitle>Waiting for your approval</AlertTitle>
      Printing starts when you approve {proofs}
      {days ? `; ${days} if approved today` : ': the dispatch date counts from your approval'}.
      {ready === 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {order.items.some((item) => item.proof?.status === 'changes_requested')
            ? 'We are working on the changes you asked for: a new proof follows.'
            : 'We are making your proof: it will be here in a few minutes.'}
        </Typography>
      )}
    </Alert>
  );
}

type Notice = { severity: 'success' | 'info' | 'warning'; text: string };

interface ProofPanelProps {
  order: Order;
  item: Item;
  /** The page was opened at this item's proof (`?proof={itemId}`, the e-mail's link): it scrolls to it and takes focus. */
  focusOnArrival?: boolean;
}

/** An item's proof: its state in words and version, the PDF, and the decisions the customer may take now. */
export function ProofPanel({ order, item, focusOnArrival = false }: ProofPanelProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dialog, setDialog] = useState<'approve' | 'changes' | null>(null);
  const arrived = useRef(false);
  useEffect(() => {
    if (!focusOnArrival || arrived.current || !heading.current) return;
    heading.current.focus({ preventScroll: true });
    // After the navigation's own scroll to the top of the page (SCROLL_DELAY_MS after it), not before.
    const timer = setTimeout(() => {
      arrived.current = true;
      heading.current?.scrollIntoView?.({ block: 'center' });
    }, SCROLL_DELAY_MS + 20);
    return () => clearTimeout(timer);
  }, [focusOnArrival]);

  const proof = item.proof;
  const decides = order.status === 'live' && proof?.status === 'ready';
  // A decision reloads the order, and the buttons that took it go: if one had focus (the dialog gave it
  // back before the order came back), it stays in the panel rather than dropping to the top of the page.
  const shownStatus = useRef(proof?.status);
  useEffect(() => {
    if (shownStatus.current === proof?.status) return;
    shownStatus.current = proof?.status;
    if (focusLost()) heading.current?.focus({ preventScroll: true });
  }, [proof?.status]);
  // The page reloaded the order after a refusal: said beside the proof, where the customer was.
  const outdated = (error: unknown) => {
    setDialog(null);
    setNotice({ severity: 'warning', text: `This proof has changed since you opened the page, so we have reloaded the order. ${errorText(error, '')}`.trim() });
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={`proof-${item.id}`}
      sx={{ mt: 2, p: { xs: 1.5, sm: 2 }, border: 1, borderColor: proof?.status === 'ready' ? 'info.main' : 'divider', borderRadius: 1 }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h4" id={headingId} ref={heading} tabIndex={-1} sx={{ outlineOffset: 2 }}>
          Proof{proof ? ` · version ${proof.version}` : ''}
        </Typography>
        {proof && <ProofChip status={proof.status} />}
      </Stack>
      {notice && (
        <Alert severity={notice.severity} role="status" sx={{ mb: 1 }} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {!proof ? (
        <Typography variant="body2">
          {order.status === 'cancelled' ? 'No proof was made: the order was cancelled.' : 'We make your proof once your artwork has passed its checks.'}
        </Typography>
      ) : (
        <ProofState order={order} item={item} proof={proof} />
      )}
      {proof && proof.status !== 'making' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 1.5, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
          <OpenFileButton
            variant={decides ? 'outlined' : 'text'}
            fetchFile={() => fetchProof(order.id, item.id, proof.version)}
            name={proofFileName(order.id, item.id, proof.version)}
            failure="The proof could not be opened. Please try again."
            aria-label={`View proof version ${proof.version} of ${item.product_name} (opens in a new tab)`}
          >
            View proof
          </OpenFileButton>
          {decides && (
            <>
              <Button variant="contained" onClick={() => setDialog('approve')}>
                Approve
              </Button>
              <Button variant="outlined" onClick={() => setDialog('changes')}>
                Ask for changes
              </Button>
            </>
          )}
        </Stack>
      )}
      {proof && (
        <>
          <ApproveDialog
            open={dialog === 'approve'}
            order={order}
            item={item}
            proof={proof}
            onClose={() => setDialog(null)}
            onDone={(text) => {
              setDialog(null);
              setNotice({ severity: 'success', text });
            }}
            onOutdated={outdated}
            fallbackFocus={() => heading.current}
          />
          <ChangesDialog
            open={dialog === 'changes'}
            order={order}
            item={item}
            proof={proof}
            onClose={() => setDialog(null)}
            onDone={(next) => {
              setDialog(null);
              setNotice(next);
            }}
            onOutdated={outdated}
            fallbackFocus={() => heading.current}
          />
        </>
      )}
    </Box>
  );
}

const CHIP_COLOURS = { making: 'default', ready: 'info', approved: 'success', changes_requested: 'warning' } as const;

function ProofChip({ status }: { status: ItemProofState['status'] }) {
  return <Chip size="small" color={CHIP_COLOURS[status]} label={PROOF_STATUS_NAMES[status]} />;
}

/** What the state means for the customer, and what they may do about it. */
function ProofState({ order, item, proof }: { order: Order; item: Item; proof: ItemProofState }) {
  switch (proof.status) {
    case 'making':
      return (
        <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={18} aria-hidden />
          <Typography variant="body2">We are making your proof: it will be here in a few minutes.</Typography>
        </Stack>
      );
    case 'ready':
      return (
        <Typography variant="body2">
          {order.status === 'live'
            ? 'Look at the proof, then approve it or ask for changes. We print nothing until you approve it.'
            : 'Your proof is ready to look at.'}
        </Typography>
      );
    case 'approved':
      return (
        <Typography variant="body2">
          {proof.decided_by ? `Approved by ${proof.decided_by}` : 'Approved'}
          {proof.decided_at ? ` on ${formatMoment(proof.decided_at)}` : ''}. We print exactly this proof.
        </Typography>
      );
    case 'changes_requested':
      return (
        <Box>
          <Typography variant="body2">
            {proof.decided_by ? `${proof.decided_by} asked` : 'You asked'} for changes to version {proof.version}
            {proof.decided_at ? ` on ${formatMoment(proof.decided_at)}` : ''}:
          </Typography>
          {proof.comment && (
            <Typography
              component="blockquote"
              variant="body2"
              sx={{ m: 0, my: 1, pl: 1.5, borderLeft: 3, borderColor: 'warning.main', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {proof.comment}
            </Typography>
          )}
          {order.status === 'live' && (
            <>
              <Typography variant="body2">Upload new artwork and we make the next proof from it, or leave it with us: we'll send a new proof.</Typography>
              <ArtworkUpload orderId={order.id} item={item} label="Upload new artwork" />
            </>
          )}
        </Box>
      );
  }
}

interface DecisionDialogProps {
  open: boolean;
  order: Order;
  item: Item;
  proof: ItemProofState;
  onClose(): void;
  onOutdated(error: unknown): void;
  /** Where focus goes when the button that opened the dialog went with the decision: the proof's heading. */
  fallbackFocus(): HTMLElement | null;
}

/** The dialogs' frame: focus stays inside while open and goes back to what opened it (or the proof's heading) after. */
function DecisionDialog({
  open,
  busy,
  title,
  onClose,
  fallbackFocus,
  children,
  actions,
  onSubmit,
}: {
  open: boolean;
  busy: boolean;
  title: string;
  onClose(): void;
  fallbackFocus(): HTMLElement | null;
  children: ReactNode;
  actions: ReactNode;
  onSubmit(): void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      // The dialog gives focus back to what opened it once it is gone, after its exit: a task later,
      // when the button that opened it went with the decision, focus is on <body> and goes to the proof's heading.
      slotProps={{ transition: { onExited: () => void setTimeout(() => focusLost() && restoreFocus(fallbackFocus())) } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <DialogContent sx={{ pt: 0 }}>{children}</DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
      </Box>
    </Dialog>
  );
}

/** "Approve": the customer confirms that this version is printed as it is; the answer brings the dispatch date counted from now. */
function ApproveDialog({ open, order, item, proof, onClose, onOutdated, onDone, fallbackFocus }: DecisionDialogProps & { onDone(text: string): void }) {
  const approve = useApproveProof(order.id, item.id);
  const busy = approve.isPending;
  const close = () => {
    approve.reset();
    onClose();
  };
  const submit = () =>
    approve.mutate(
      { version: proof.version },
      {
        onSuccess: (next) => {
          approve.reset();
          onDone(approvedText(next, proof.version));
        },
        onError: (error) => {
          if (isOutdated(error)) {
            approve.reset();
            onOutdated(error);
          }
        },
      },
    );
  return (
    <DecisionDialog
      open={open}
      busy={busy}
      title={`Approve proof version ${proof.version}?`}
      onClose={close}
      fallbackFocus={fallbackFocus}
      onSubmit={submit}
      actions={
        <>
          <Button onClick={() => !busy && close()} aria-disabled={busy || undefined}>
            Not yet
          </Button>
          <Button type="submit" variant="contained" aria-disabled={busy || undefined}>
            {busy ? 'Approving…' : 'Approve'}
          </Button>
        </>
      }
    >
      <DialogContentText>
        Approval is final: we print exactly this proof of {item.product_name}. Printing starts once every proof of the order is approved.
      </DialogContentText>
      {approve.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(approve.error)}
        </Alert>
      )}
    </DecisionDialog>
  );
}

/** What the customer reads once approved: the dispatch date counted from now, or that other proofs still wait. */
function approvedText(order: Order, version: number): string {
  const thanks = `Thank you: proof version ${version} is approved.`;
  if (awaitingApproval(order)) return `${thanks} Printing starts once the other proofs of the order are approved too.`;
  const days = orderDaysLine({ ...order, carrier: order.delivery_type?.carrier ?? null });
  return days ? `${thanks} ${days}.` : thanks;
}

/**
 * "Ask for changes": what should change (required; the server's word beside the field), and new
 * artwork if the customer has it, uploaded through the item's artwork route once the request is in.
 */
function ChangesDialog({ open, order, item, proof, onClose, onOutdated, onDone, fallbackFocus }: DecisionDialogProps & { onDone(notice: Notice): void }) {
  const changes = useRequestProofChanges(order.id, item.id);
  const upload = useUploadArtwork(order.id, item.id);
  const [comment, setComment] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const commentId = useId();
  const fileId = useId();
  const busy = changes.isPending || upload.isPending;
  const refused = changes.isError && !isOutdated(changes.error) ? apiErrors(changes.error) : null;
  const commentError = refused?.errors.comment;
  // A refusal that is not about the comment (the version, the order's state, the server) shows above the buttons.
  const otherError = changes.isError && !isOutdated(changes.error) && !commentError ? errorText(changes.error) : null;

  const reset = () => {
    changes.reset();
    upload.reset();
    setComment('');
    setFile(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const finish = (notice: Notice) => {
    reset();
    onDone(notice);
  };
  const submit = () =>
    changes.mutate(
      { version: proof.version, comment },
      {
        onSuccess: () => {
          if (!file) return finish({ severity: 'success', text: 'Thank you: we have your comment and will send a new proof.' });
          upload.mutate(file, {
            onSuccess: () => finish({ severity: 'success', text: 'Thank you: we have your comment and your new artwork, and make the next proof from it.' }),
            onError: (error) =>
              finish({
                severity: 'warning',
                text: `We have your comment, but the new artwork did not upload: ${errorText(error, 'please try again.')} Upload it again below.`,
              }),
          });
        },
        onError: (error) => {
          if (isOutdated(error)) {
            reset();
            onOutdated(error);
          }
        },
      },
    );

  return (
    <DecisionDialog
      open={open}
      busy={busy}
      title={`Ask for changes to proof version ${proof.version}`}
      onClose={close}
      fallbackFocus={fallbackFocus}
      onSubmit={submit}
      actions={
        <>
          <Button onClick={close} aria-disabled={busy || undefined}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" aria-disabled={busy || undefined}>
            {changes.isPending ? 'Sending…' : upload.isPending ? 'Uploading…' : 'Send'}
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ mb: 2 }}>Say what should change on {item.product_name}. We make a new proof for you to approve.</DialogContentText>
      <TextField
        id={commentId}
        label="What should change?"
        required
        multiline
        minRows={3}
        fullWidth
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        error={Boolean(commentError)}
        helperText={commentError ?? 'E.g. “Move the logo 2 mm to the left” or “Use the new phone number”.'}
        slotProps={{ htmlInput: { maxLength: PROOF_COMMENT_MAX } }}
      />
      <Box sx={{ mt: 2 }}>
        <input
          ref={input}
          id={fileId}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          aria-label="New artwork (PDF, optional)"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Button variant="outlined" onClick={() => !busy && input.current?.click()} aria-disabled={busy || undefined} sx={{ alignSelf: 'flex-start' }}>
            {file ? 'Choose another PDF' : 'Attach new artwork (optional)'}
          </Button>
          {file && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="changes-file">
                {file.name}
              </Typography>
              <Button size="small" onClick={() => !busy && setFile(null)} aria-label={`Remove ${file.name}`} aria-disabled={busy || undefined}>
                Remove
              </Button>
            </Stack>
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          A PDF: it is checked as before and the next proof is made from it.
        </Typography>
      </Box>
      {upload.progress !== null && <UploadProgress label={`Uploading the new artwork for ${item.product_name}`} percent={upload.progress} sx={{ mt: 2 }} />}
      {otherError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {otherError}
        </Alert>
      )}
    </DecisionDialog>
  );
}
