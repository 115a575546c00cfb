import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { TicketEvent, TicketMessage } from '../../api/tickets';
import { formatMoment } from '../../domain/calendar/workingDays';
import type { TicketActor } from '../../domain/tickets/tickets';
import { TicketAttachments, type FetchTicketFile } from './TicketAttachments';

const ROLE = { customer: 'Customer', staff: 'Staff' } as const;

type Entry = { kind: 'message'; at: string; message: TicketMessage } | { kind: 'event'; at: string; event: TicketEvent };

/** The messages and the closes and reopens between them, in time order (a message before an event of the same moment). */
export function threadEntries(ticket: { thread: readonly TicketMessage[]; events: readonly TicketEvent[] }): Entry[] {
  const entries: Entry[] = [
    ...ticket.thread.map((message) => ({ kind: 'message' as const, at: message.at, message })),
    ...ticket.events.map((event) => ({ kind: 'event' as const, at: event.at, event })),
  ];
  const time = (entry: Entry) => new Date(entry.at).getTime();
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => time(a.entry) - time(b.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** Who did it, as the viewer reads it: "You" for a customer's own, else the name (with the side, for staff). */
function whoIs(actor: TicketActor, name: string, viewer: TicketActor): string {
  if (viewer === 'customer') return actor === 'customer' ? 'You' : name;
  return `${name} (${ROLE[actor].toLowerCase()})`;
}

/** A message: the viewer's own side on the right, staff's in the brand's tint, each labelled in words too. */
function Message({ ticketId, message, viewer, fetchFile }: { ticketId: number; message: TicketMessage; viewer: TicketActor; fetchFile: FetchTicketFile }) {
  const staff = message.author === 'staff';
  const own = message.author === viewer;
  const writer = viewer === 'customer' && own ? 'You' : message.author_name;
  const what = message.id === 0 ? 'opened the ticket' : message.body ? null : 'sent files';
  return (
    <Box
      component="article"
      aria-label={`${viewer === 'staff' ? `${ROLE[message.author]} message from ` : ''}${writer}, ${formatMoment(message.at)}`}
      sx={(theme) => ({
        maxWidth: { xs: '100%', sm: '85%' },
        minWidth: 0,
        ml: own ? 'auto' : 0,
        mr: own ? 0 : 'auto',
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
          {writer}
        </Typography>
        {viewer === 'staff' ? <Chip size="small" variant="outlined" label={ROLE[message.author]} color={staff ? 'primary' : 'default'} /> : null}
        {what ? (
          <Typography variant="body2" component="span" color="text.secondary">
            {what}
          </Typography>
        ) : null}
        <Typography variant="body2" component="span" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
          <time dateTime={message.at}>{formatMoment(message.at)}</time>
        </Typography>
      </Box>
      {message.body ? (
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Typography>
      ) : null}
      <TicketAttachments ticketId={ticketId} files={message.files} label={`Files from ${writer}`} fetchFile={fetchFile} />
    </Box>
  );
}

/** A close or a reopen, centred between the messages. */
function Event({ event, viewer }: { event: TicketEvent; viewer: TicketActor }) {
  const Icon = event.to === 'closed' ? LockIcon : LockOpenIcon;
  return (
    <Box
      sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1, color: 'text.secondary', textAlign: 'center', flexWrap: 'wrap' }}
    >
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2">
        {whoIs(event.actor, event.actor_name, viewer)} {event.to === 'closed' ? 'closed' : 'reopened'} the ticket ·{' '}
        <time dateTime={event.at}>{formatMoment(event.at)}</time>
      </Typography>
    </Box>
  );
}

/** The conversation, oldest first. */
export function TicketThread({
  ticketId,
  thread,
  events,
  viewer,
  fetchFile,
}: {
  ticketId: number;
  thread: readonly TicketMessage[];
  events: readonly TicketEvent[];
  viewer: TicketActor;
  fetchFile: FetchTicketFile;
}) {
  return (
    <Box
      component="ol"
      aria-label={`Thread of ticket ${ticketId}`}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      {threadEntries({ thread, events }).map((entry) => (
        <Box component="li" key={entry.kind === 'message' ? `m${entry.message.id}` : `e${entry.at}${entry.event.to}`} sx={{ display: 'flex', minWidth: 0 }}>
          {entry.kind === 'message' ? (
            <Message ticketId={ticketId} message={entry.message} viewer={viewer} fetchFile={fetchFile} />
          ) : (
            <Event event={entry.event} viewer={viewer} />
          )}
        </Box>
      ))}
    </Box>
  );
}
