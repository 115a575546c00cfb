import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { AdminTicket, TicketEvent, TicketMessage } from '../../shared/api/tickets';
import { formatUkDateTime } from '../orders/fields';
import { Attachments } from './Attachments';

type Entry = { kind: 'message'; at: string; message: TicketMessage } | { kind: 'event'; at: string; event: TicketEvent };

/** The messages and the closes and reopens between them, in time order (a message before an event of the same moment). */
export function threadEntries(ticket: Pick<AdminTicket, 'thread' | 'events'>): Entry[] {
  const entries: Entry[] = [
    ...ticket.thread.map((message) => ({ kind: 'message' as const, at: message.at, message })),
    ...ticket.events.map((event) => ({ kind: 'event' as const, at: event.at, event })),
  ];
  const time = (entry: Entry) => new Date(entry.at).getTime();
  return entries.map((entry, index) => ({ entry, index })).sort((a, b) => time(a.entry) - time(b.entry) || a.index - b.index).map(({ entry }) => entry);
}

const ROLE = { customer: 'Customer', staff: 'Staff' } as const;

/** A message: the customer's on the left in white, staff's on the right in the brand's tint, each labelled in words too. */
function Message({ ticketId, message }: { ticketId: number; message: TicketMessage }) {
  const staff = message.author === 'staff';
  const what = message.id === 0 ? 'opened the ticket' : message.body ? null : 'sent files';
  return (
    <Box
      component="article"
      aria-label={`${ROLE[message.author]} message from ${message.author_name}, ${formatUkDateTime(message.at)}`}
      sx={(theme) => ({
        maxWidth: { xs: '100%', sm: '85%' },
        minWidth: 0,
        ml: staff ? 'auto' : 0,
        mr: staff ? 0 : 'auto',
        p: { xs: 1.5, sm: 2 },
        borderRadius: 2,
        border: 1,
        borderColor: staff ? alpha(theme.palette.primary.main, 0.35) : 'divider',
        borderLeftWidth: staff ? 1 : 4,
        borderLeftColor: staff ? alpha(theme.palette.primary.main, 0.35) : theme.palette.warning.main,
        borderRightWidth: staff ? 4 : 1,
        borderRightColor: staff ? theme.palette.primary.main : 'divider',
        bgcolor: staff ? alpha(theme.palette.primary.main, 0.07) : 'background.paper',
      })}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mb: 0.5 }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {message.author_name}
        </Typography>
        <Chip size="small" variant="outlined" label={ROLE[message.author]} color={staff ? 'primary' : 'default'} />
        {what ? (
          <Typography variant="body2" component="span" color="text.secondary">
            {what}
          </Typography>
        ) : null}
        <Typography variant="body2" component="span" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
          <time dateTime={message.at}>{formatUkDateTime(message.at)}</time>
        </Typography>
      </Box>
      {message.body ? (
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Typography>
      ) : null}
      <Attachments ticketId={ticketId} files={message.files} label={`Files from ${message.author_name}`} />
    </Box>
  );
}

/** A close or a reopen, centred between the messages. */
function Event({ event }: { event: TicketEvent }) {
  const Icon = event.to === 'closed' ? LockIcon : LockOpenIcon;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1, color: 'text.secondary', textAlign: 'center', flexWrap: 'wrap' }}>
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2">
        {event.to === 'closed' ? 'Closed' : 'Reopened'} by {event.actor_name} ({ROLE[event.actor].toLowerCase()}) ·{' '}
        <time dateTime={event.at}>{formatUkDateTime(event.at)}</time>
      </Typography>
    </Box>
  );
}

/** The conversation, oldest first. */
export function Thread({ ticket }: { ticket: AdminTicket }) {
  return (
    <Box component="ol" aria-label={`Thread of ticket ${ticket.id}`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {threadEntries(ticket).map((entry, index) => (
        <Box component="li" key={index} sx={{ display: 'flex', minWidth: 0 }}>
          {entry.kind === 'message' ? <Message ticketId={ticket.id} message={entry.message} /> : <Box sx={{ flex: 1 }}><Event event={entry.event} /></Box>}
        </Box>
      ))}
    </Box>
  );
}
