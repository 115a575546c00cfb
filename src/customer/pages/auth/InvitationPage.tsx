import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { PASSWORD_MIN } from '../../../shared/api/accounts-basics';
import { useAuth } from '../../../shared/auth';
import { rememberIntendedUrl } from '../../../shared/auth/intendedUrl';
import { COMPANY_ROLE_HELP, COMPANY_ROLE_LABELS } from '../../../shared/domain/companies/roles';
import { apiErrors } from '../../../shared/http';
import { useAcceptInvitation, useInvitation } from '../../api/companyMembers';
import { errorText, Loading, statusOf } from '../../components/QueryStates';
import { route } from '../../paths';

/** A used, withdrawn, expired or unknown link: what happened and what to do, with no form. */
function LinkRefused({ message }: { message: string }) {
  const { signedIn } = useAuth();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h1">This invitation cannot be used</Typography>
      <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
        {message}
      </Alert>
      <Button component={RouterLink} to={signedIn ? route('home') : route('login')} variant="contained">
        {signedIn ? 'Go to the home page' : 'Go to log in'}
      </Button>
    </Stack>
  );
}

/**
 * /invitations/:token, the link of an owner's invitation. It says which company invites, who, and
 * with what role. A visitor sets their name and a password (a new account, signed in) or logs in
 * first (with a password or a provider) and comes back here; a signed-in customer accepts with one button.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const { signedIn, user } = useAuth();
  const invitation = useInvitation(token);
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token, () => void navigate(route('account.company')));
  const [fields, setFields] = useState({ firstname: '', lastname: '', password: '', password_confirmation: '' });
  const failure = accept.error ? apiErrors(accept.error) : null;
  const errors = failure?.errors ?? {};

  if (invitation.isPending) return <Loading label="Checking your invitation…" />;
  if (invitation.isError) {
    const status = statusOf(invitation.error);
    return (
      <LinkRefused message={status === 410 || status === 404 ? errorText(invitation.error) : 'Your invitation could not be checked. Please reload the page.'} />
    );
  }
  if (accept.isError && statusOf(accept.error) === 410) return <LinkRefused message={errorText(accept.error)} />;
  const { company_name, invited_by, email, role } = invitation.data;
  const company = company_name || 'a company';

  const set = (name: keyof typeof fields) => (e: React.ChangeEvent<HTMLInputElement>) => setFields((f) => ({ ...f, [name]: e.target.value }));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (accept.isPending) return;
    accept.mutate(signedIn ? {} : fields);
  };
  const field = (name: keyof typeof fields) => ({
    value: fields[name],
    onChange: set(name),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
    required: true,
  });
  const generalError =
    accept.isError && (!Object.keys(errors).length || errors.token || errors.email) ? (errors.token ?? errors.email ?? errorText(accept.error)) : null;

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Join {company}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {invited_by ? `${invited_by} invites` : 'You are invited'} {invited_by ? 'you' : ''} to join {company} as{' '}
        <strong>{COMPANY_ROLE_LABELS[role].toLowerCase()}</strong>: {COMPANY_ROLE_HELP[role].charAt(0).toLowerCase() + COMPANY_ROLE_HELP[role].slice(1)}
      </Typography>
      {generalError && (
        <Alert severity="error" sx={{ my: 2 }}>
          {generalError}
        </Alert>
      )}
      {signedIn ? (
        <>
          <Typography sx={{ mb: 2 }}>
            You are signed in as {user?.email}. Accepting moves this account into {company}; an account that has orders of its own cannot move.
          </Typography>
          <Button type="submit" variant="contained" size="large" aria-disabled={accept.isPending || undefined}>
            {accept.isPending ? 'Joining…' : `Join ${company}`}
          </Button>
        </>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            Your account will be <strong>{email}</strong>. Choose your password to accept. Already have an account with us?{' '}
            <RouterLink to={route('login')} onClick={() => rememberIntendedUrl(route('invitation', { token }))}>
              Log in first
            </RouterLink>
            , then accept here.
          </Typography>
          <Stack spacing={2} sx={{ mb: 2 }}>
            <TextField label="First name" autoComplete="given-name" {...field('firstname')} />
            <TextField label="Last name" autoComplete="family-name" {...field('lastname')} />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              {...field('password')}
              helperText={errors.password ?? `At least ${PASSWORD_MIN} characters`}
            />
            <TextField label="Repeat the password" type="password" autoComplete="new-password" {...field('password_confirmation')} />
          </Stack>
          <Button type="submit" variant="contained" size="large" fullWidth aria-disabled={accept.isPending || undefined}>
            {accept.isPending ? 'Joining…' : 'Accept and join'}
          </Button>
        </>
      )}
    </Box>
  );
}
