import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useDataProvider, useGetList, useNotify, useRecordContext } from 'react-admin';
import type { StaffUser } from '../../../shared/api';
import type { StaffCompanyListItem } from '../../../shared/api/company-members';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '../../../shared/domain/companies/roles';
import { formatPence } from '../../../shared/domain/pricing/format';
import { FailureAlert } from '../../../shared/ui/FailureAlert';
import type { StaffDataProvider } from '../../dataProvider';
import { fieldErrorsOf, messageOf } from '../../dataProvider/errors';

/** The picker's label of a company: its name (or its number when it has none) and how many members it has. */
const companyLabel = (c: StaffCompanyListItem) => `${c.name || `Company ${c.id}`} (${c.members_count} member${c.members_count === 1 ? '' : 's'})`;

/** "Move to another company": a company found by name, the role there; the account's version guards against a change made meanwhile. */
function MoveForm({ user, currentCompanyId, onMoved }: { user: StaffUser; currentCompanyId: number; onMoved(): void }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<StaffCompanyListItem | null>(null);
  const [role, setRole] = useState<CompanyRole>('buyer');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: options = [], isPending } = useGetList<StaffCompanyListItem>('companies', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'name', order: 'ASC' },
    filter: search.trim() ? { q: search.trim() } : {},
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target) return setErrors({ company_id: 'Choose a company' });
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      await dataProvider.moveToCompany(user.id, { company_id: target.id, role, version: user.version });
      notify(`${user.email} is now a ${COMPANY_ROLE_LABELS[role].toLowerCase()} of ${target.name || `company ${target.id}`}; their sessions have ended.`, {
        type: 'success',
      });
      setTarget(null);
      onMoved();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length || fields.version) setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby={headingId} sx={{ mt: 4, maxWidth: 560 }}>
      <Typography variant="h6" component="h3" id={headingId}>
        Move to another company
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The account’s sessions end. Its orders and invoices stay with the company they were made in; its unconfirmed baskets go with it.
      </Typography>
      <Stack spacing={2}>
        <Autocomplete
          options={options.filter((c) => c.id !== currentCompanyId)}
          loading={isPending}
          value={target}
          onChange={(_e, value) => setTarget(value)}
          onInputChange={(_e, value) => setSearch(value)}
          getOptionLabel={companyLabel}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(x) => x}
          renderInput={(params) => (
            <TextField {...params} label="Company" required error={Boolean(errors.company_id)} helperText={errors.company_id ?? 'Type to search by name'} />
          )}
        />
        <TextField
          select
          label="Role there"
          value={role}
          onChange={(e) => setRole(e.target.value as CompanyRole)}
          error={Boolean(errors.role)}
          helperText={errors.role}
        >
          {COMPANY_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {COMPANY_ROLE_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        <FailureAlert failure={failure} />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Moving…' : 'Move account'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The account's company: its name and members (with roles and limits), and the move to another company. */
export function CompanyTab() {
  const user = useRecordContext<StaffUser>();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const company = useQuery({ queryKey: ['users', user?.id, 'company'], queryFn: () => dataProvider.companyOfUser(user!.id), enabled: Boolean(user) });
  const heading = useRef<HTMLHeadingElement>(null);
  if (!user) return null;
  if (company.isPending) return <Typography>Loading the company…</Typography>;
  if (company.isError) return <FailureAlert failure={messageOf(company.error)} />;
  const { data } = company;
  // The move form is made anew for the new company, its button with it: focus goes to the heading that now names it.
  const moved = () => void queryClient.invalidateQueries({ queryKey: ['users'] }).then(() => heading.current?.focus());

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h6" component="h2" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
        {data.name || `Company ${data.id}`}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Company {data.id} · pays {data.payment_terms === 'card' ? 'by card' : 'on account'}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Members of the company">
          <TableHead>
            <TableRow>
              <TableCell>Member</TableCell>
              <TableCell>E-mail</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Approval limit</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.members.map((m) => (
              <TableRow key={m.id} selected={m.id === user.id}>
                <TableCell>
                  <Link to={`/users/${m.id}`}>{`${m.firstname} ${m.lastname}`.trim() || `User ${m.id}`}</Link>
                </TableCell>
                <TableCell>{m.email}</TableCell>
                <TableCell>{COMPANY_ROLE_LABELS[m.role]}</TableCell>
                <TableCell>{m.role !== 'buyer' ? '—' : m.approval_limit === null ? 'The company’s' : formatPence(m.approval_limit)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <MoveForm key={data.id} user={user} currentCompanyId={data.id} onMoved={moved} />
    </Box>
  );
}
