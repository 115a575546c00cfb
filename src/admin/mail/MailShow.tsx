import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Labeled, ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import type { StaffMail } from '../../shared/api';
import { RecordTitle } from '../common/StaffTitle';
import { MailStatusChip, attemptsText, ukDateTime } from './MailStatusField';
import { ResendButton } from './ResendButton';

/** Where the message stands: failed ones say why and what to do; pending ones when the next try runs. */
function StatusNotice({ mail }: { mail: StaffMail }) {
  if (mail.status === 'failed') {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        Every attempt to deliver this message failed. Check the address and the mail server, then resend it: it gets a fresh round of attempts.
      </Alert>
    );
  }
  if (mail.status === 'queued' && mail.last_error) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        The last attempt failed; the message is tried again{mail.next_attempt_at ? ` at ${ukDateTime(mail.next_attempt_at)}` : ' shortly'}. “Try now” does not
        wait.
      </Alert>
    );
  }
  return null;
}

function MailDetails() {
  const mail = useRecordContext<StaffMail>();
  if (!mail) return null;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <StatusNotice mail={mail} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        <Labeled label="Status">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <MailStatusChip status={mail.status} />
            <Typography variant="body2">{attemptsText(mail)}</Typography>
          </Stack>
        </Labeled>
        <Labeled label="To">
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {mail.to}
          </Typography>
        </Labeled>
        <Labeled label="Subject">
          <Typography variant="body2">{mail.subject}</Typography>
        </Labeled>
        <Labeled label="Created">
          <Typography variant="body2">{ukDateTime(mail.created_at)}</Typography>
        </Labeled>
        <Labeled label="Sent">
          <Typography variant="body2">{mail.sent_at ? ukDateTime(mail.sent_at) : 'Not yet'}</Typography>
        </Labeled>
      </Box>
      {mail.last_error ? (
        <Box sx={{ mt: 3 }}>
          <Typography variant="h3" component="h2" gutterBottom>
            Last error
          </Typography>
          <Typography component="pre" variant="body2" color="error" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
            {mail.last_error}
          </Typography>
        </Box>
      ) : null}
      <Box sx={{ mt: 3 }}>
        <Typography variant="h3" component="h2" gutterBottom>
          Message
        </Typography>
        {mail.link_count ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {mail.link_count === 1 ? 'The link it carries is' : `The ${mail.link_count} links it carries are`} shown as [link]: a sign-in or set-password link
            lets whoever has it into the account, so staff do not see it.
          </Typography>
        ) : null}
        <Paper variant="outlined" sx={{ p: 2, bgcolor: 'background.default' }}>
          <Typography component="pre" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}>
            {mail.text}
          </Typography>
        </Paper>
        {mail.has_html ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Also sent as HTML, with the same words.
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

function MailShowActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <ListButton label="All mail" />
      <ResendButton />
    </TopToolbar>
  );
}

/** While a message is pending its status is fetched again every few seconds, so staff see it go out. */
const refetchWhilePending = (query: { state: { data?: StaffMail } }) => (query.state.data?.status === 'queued' ? 3000 : false);

/** /admin/mail/{id}/show: one message as it was sent, its links hidden; resend it if it failed. */
export function MailShow() {
  return (
    <Show<StaffMail> title={<RecordTitle page="Mail outbox" />} actions={<MailShowActions />} queryOptions={{ refetchInterval: refetchWhilePending as never }}>
      <MailDetails />
    </Show>
  );
}
