import { useId, useState } from 'react';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyInvitation, CompanyMember } from '../../../shared/api/company-members';
import { formatDate, ukDateTime } from '../../../shared/domain/calendar/workingDays';
import { COMPANY_REFUSALS, COMPANY_ROLE_LABELS, companyMay } from '../../../shared/domain/companies/roles';
import { formatPence } from '../../../shared/domain/pricing/format';
import { useCompanyMembers, useRemoveMember, useWithdrawInvitation } from '../../api/companyMembers';
import { PageFrame } from '../../components/PageFrame';
import { errorText, LoadFailed, Loading } from '../../components/QueryStates';
import { ConfirmDialog } from '../orders/orderItemViews';
import { EditMemberDialog } from './company/EditMemberDialog';
import { InviteDialog } from './company/InviteDialog';

/** "3 Mar 2026, 14:05" (UK time). */
function when(iso: string): string {
  const { date, minutes } = ukDateTime(new Date(iso));
  return `${formatDate(date)}, ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** What holds a member's confirmations: their own limit, the company's for all buyers, or nothing. */
function limitText(member: CompanyMember, companyLimit: number | null): string | null {
  if (member.role !== 'buyer') return null;
  if (member.approval_limit !== null) return `Approval limit ${formatPence(member.approval_limit)}`;
  return companyLimit === null ? 'No approval limit' : `Approval limit ${formatPence(companyLimit)} (the company’s)`;
}

function MemberRow({
  member,
  companyLimit,
  manage,
  onEdit,
  onRemove,
}: {
  member: CompanyMember;
  companyLimit: number | null;
  manage: boolean;
  onEdit: (m: CompanyMember) => void;
  onRemove: (m: CompanyMember) => void;
}) {
  const name = `${member.firstname} ${member.lastname}`.trim() || member.email;
  const limit = limitText(member, companyLimit);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h4" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Chip size="small" label={COMPANY_ROLE_LABELS[member.role]} color={member.role === 'owner' ? 'primary' : 'default'} />
            {member.you && <Chip size="small" variant="outlined" label="You" />}
          </Stack>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[limit, member.last_sign_in_at ? `Last signed in ${when(member.last_sign_in_at)}` : 'Not signed in lately'].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        {manage && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button variant="outlined" onClick={() => onEdit(member)} aria-label={`Change role of ${name}`}>
              Change role
            </Button>
            <Button variant="outlined" color="error" onClick={() => onRemove(member)} aria-label={`Remove ${name}`}>
              Remove
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function InvitationRow({ invitation, onWithdraw }: { invitation: CompanyInvitation; onWithdraw: (i: CompanyInvitation) => void }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h4" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {invitation.email}
            </Typography>
            <Chip size="small" label={COMPANY_ROLE_LABELS[invitation.role]} />
            {invitation.expired && <Chip size="small" color="warning" variant="outlined" label="Expired" />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Invited {when(invitation.created_at)}
            {invitation.invited_by && ` by ${invitation.invited_by}`} ·{' '}
            {invitation.expired ? 'the link has expired: invite them again for a new one' : `the link works until ${when(invitation.expires_at)}`}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="error"
          onClick={() => onWithdraw(invitation)}
          aria-label={`Withdraw the invitation of ${invitation.email}`}
          sx={{ flexShrink: 0 }}
        >
          Withdraw
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /account/company: the company's members with their roles and limits. Owners invite colleagues,
 * change roles and limits, remove members and withdraw invitations; buyers and viewers see the list.
 */
export default function CompanyPage() {
  const data = useCompanyMembers();
  const remove = useRemoveMember();
  const withdraw = useWithdrawInvitation();
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<string | null>(null);
  const [editing, setEditing] = useState<CompanyMember | null>(null);
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  const [withdrawing, setWithdrawing] = useState<CompanyInvitation | null>(null);
  const membersId = useId();
  const invitationsId = useId();

  if (data.isPending) return <Loading label="Loading your company…" />;
  if (data.isError) return <LoadFailed what="Your company" error={data.error} onRetry={() => void data.refetch()} />;
  const { company, members, invitations, your_role } = data.data;
  const manage = companyMay(your_role, 'manage_members');

  return (
    <PageFrame
      title={company.name ? `Company: ${company.name}` : 'Company'}
      intro={
        manage
          ? 'Your colleagues share your orders, invoices, quotes and addresses. Invite them by e-mail and choose what each may do.'
          : `You are a ${COMPANY_ROLE_LABELS[your_role].toLowerCase()} of this company. ${COMPANY_REFUSALS.manage_members}`
      }
      actions={
        manage && (
          <Button variant="contained" startIcon={<PersonAdd aria-hidden />} onClick={() => (setInvited(null), setInviting(true))}>
            Invite a colleague
          </Button>
        )
      }
    >
      <Typography role="status" component="div">
        {invited && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setInvited(null)}>
            We have e-mailed an invitation to {invited}.
          </Alert>
        )}
      </Typography>
      <Box component="section" aria-labelledby={membersId} sx={{ mb: 4 }}>
        <Typography variant="h2" id={membersId} sx={{ mb: 2 }}>
          Members
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-labelledby={membersId}>
          {members.map((m) => (
            <MemberRow
              key={m.id}
              member={m}
              companyLimit={company.approval_limit}
              manage={manage}
              onEdit={setEditing}
              onRemove={(member) => (remove.reset(), setRemoving(member))}
            />
          ))}
        </Stack>
      </Box>
      {manage && (
        <Box component="section" aria-labelledby={invitationsId} sx={{ mb: 4 }}>
          <Typography variant="h2" id={invitationsId} sx={{ mb: 2 }}>
            Open invitations
          </Typography>
          {invitations.length === 0 ? (
            <Typography>No invitations are waiting to be accepted.</Typography>
          ) : (
            <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-labelledby={invitationsId}>
              {invitations.map((i) => (
                <InvitationRow key={i.id} invitation={i} onWithdraw={(inv) => (withdraw.reset(), setWithdrawing(inv))} />
              ))}
            </Stack>
          )}
        </Box>
      )}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} onInvited={setInvited} companyLimit={company.approval_limit} />
      <EditMemberDialog member={editing} onClose={() => setEditing(null)} companyLimit={company.approval_limit} />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing ? `${removing.firstname} ${removing.lastname}`.trim() : ''}?`}
        confirmLabel="Remove member"
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error, 'The member could not be removed. Please try again.') : null}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      >
        They are signed out at once and can no longer see the company’s orders. What they ordered stays with the company, and their unconfirmed baskets go with
        them (one waiting for approval stops waiting); their account goes on as a company of its own.
      </ConfirmDialog>
      <ConfirmDialog
        open={withdrawing !== null}
        title={`Withdraw the invitation of ${withdrawing?.email ?? ''}?`}
        confirmLabel="Withdraw invitation"
        busy={withdraw.isPending}
        error={withdraw.isError ? errorText(withdraw.error, 'The invitation could not be withdrawn. Please try again.') : null}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing.id, { onSuccess: () => setWithdrawing(null) })}
        onClose={() => setWithdrawing(null)}
      >
        The link in their e-mail stops working. You can invite them again later.
      </ConfirmDialog>
    </PageFrame>
  );
}
