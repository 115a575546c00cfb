import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { CompanyRole } from '../../../../shared/domain/companies/roles';
import { apiErrors } from '../../../../shared/http';
import { useInviteMember } from '../../../api/companyMembers';
import { errorText } from '../../../components/QueryStates';
import { LIMIT_PROBLEM, penceOf } from './limitInput';
import { RoleFields } from './RoleFields';

/** "Invite a colleague": an address, a role and (for a buyer) a limit; the link is e-mailed and works once, for 7 days. */
export function InviteDialog({
  open,
  onClose,
  onInvited,
  companyLimit,
}: {
  open: boolean;
  onClose: () => void;
  onInvited: (email: string) => void;
  companyLimit: number | null;
}) {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('buyer');
  const [limit, setLimit] = useState('');
  const [limitProblem, setLimitProblem] = useState<string | undefined>();
  const titleId = useId();
  const failure = invite.error ? apiErrors(invite.error) : null;
  const errors: Record<string, string | undefined> = { ...(failure?.errors ?? {}), ...(limitProblem ? { approval_limit: limitProblem } : {}) };

  const close = () => !invite.isPending && onClose();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    const pence = penceOf(limit);
    if (role === 'buyer' && pence === undefined) return setLimitProblem(LIMIT_PROBLEM);
    setLimitProblem(undefined);
    invite.mutate(
      { email, role, ...(role === 'buyer' ? { approval_limit: pence ?? null } : {}) },
      {
        onSuccess: (made) => {
          onInvited(made.email);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onExited: () => {
            invite.reset();
            setEmail('');
            setRole('buyer');
            setLimit('');
            setLimitProblem(undefined);
          },
        },
      }}
    >
      <DialogTitle id={titleId}>Invite a colleague</DialogTitle>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogContent>
          <TextField
            label="E-mail address"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(errors.email)}
            helperText={errors.email ?? 'We e-mail them a link to join; it works once, for 7 days.'}
            required
            fullWidth
            autoFocus
            autoComplete="off"
            sx={{ mt: 1 }}
          />
          <RoleFields role={role} onRole={setRole} limit={limit} onLimit={setLimit} errors={errors} companyLimit={companyLimit} />
          {invite.isError && !Object.keys(failure?.errors ?? {}).length && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorText(invite.error, 'The invitation could not be sent. Please try again.')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" aria-disabled={invite.isPending || undefined}>
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
