import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { CompanyMember } from '../../../../shared/api/company-members';
import type { CompanyRole } from '../../../../shared/domain/companies/roles';
import { apiErrors } from '../../../../shared/http';
import { useUpdateMember } from '../../../api/companyMembers';
import { errorText } from '../../../components/QueryStates';
import { LIMIT_PROBLEM, penceOf, poundsOf } from './limitInput';
import { RoleFields } from './RoleFields';

/** Change a member's role or approval limit; sent with the version the page read (a change made meanwhile is 409, said in the dialog). */
function EditForm({ member, onClose, companyLimit }: { member: CompanyMember; onClose: () => void; companyLimit: number | null }) {
  const update = useUpdateMember();
  const [role, setRole] = useState<CompanyRole>(member.role);
  const [limit, setLimit] = useState(poundsOf(member.approval_limit));
  const [limitProblem, setLimitProblem] = useState<string | undefined>();
  const failure = update.error ? apiErrors(update.error) : null;
  const fieldErrors = { ...(failure?.errors ?? {}) };
  delete fieldErrors.version;
  const errors = { ...fieldErrors, ...(limitProblem ? { approval_limit: limitProblem } : {}) };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const pence = penceOf(limit);
    if (role === 'buyer' && pence === undefined) return setLimitProblem(LIMIT_PROBLEM);
    setLimitProblem(undefined);
    update.mutate({ id: member.id, role, version: member.version, ...(role === 'buyer' ? { approval_limit: pence ?? null } : {}) }, { onSuccess: onClose });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogContent>
        <RoleFields role={role} onRole={setRole} limit={limit} onLimit={setLimit} errors={errors} companyLimit={companyLimit} />
        {update.isError && !Object.keys(fieldErrors).length && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(update.error, 'The change could not be saved. Please try again.')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => !update.isPending && onClose()}>Cancel</Button>
        <Button type="submit" variant="contained" aria-disabled={update.isPending || undefined}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </Box>
  );
}

export function EditMemberDialog({ member, onClose, companyLimit }: { member: CompanyMember | null; onClose: () => void; companyLimit: number | null }) {
  const titleId = useId();
  return (
    <Dialog open={member !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Change {member ? `${member.firstname} ${member.lastname}` : 'member'}</DialogTitle>
      {member && <EditForm key={`${member.id}-${member.version}`} member={member} onClose={onClose} companyLimit={companyLimit} />}
    </Dialog>
  );
}
