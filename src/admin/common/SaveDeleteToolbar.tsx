import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';
import { DeleteButton, SaveButton, Toolbar } from 'react-admin';

/**
 * A delete the server would refuse is not offered as a Confirm: the button explains why it cannot
 * be done, and what to do instead, with nothing to confirm.
 */
function RefusedDeleteButton({ title, reason }: { title: string; reason: ReactNode }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Delete
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{reason}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * Save on the left, a confirmed delete on the right; the delete waits for the server's answer.
 * The confirmation says what goes; `refusal` (the title and the reason) replaces it when the
 * server would refuse the delete.
 */
export function SaveDeleteToolbar({
  confirmTitle,
  confirmContent,
  refusal,
}: {
  confirmTitle: string;
  confirmContent: ReactNode;
  refusal?: { title: string; reason: ReactNode } | null;
}) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {refusal ? (
        <RefusedDeleteButton title={refusal.title} reason={refusal.reason} />
      ) : (
        <DeleteButton mutationMode="pessimistic" confirmTitle={confirmTitle} confirmContent={confirmContent} />
      )}
    </Toolbar>
  );
}
