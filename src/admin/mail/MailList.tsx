import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { DataTable, FunctionField, List, SimpleList, TextField, TopToolbar, useListContext } from 'react-admin';
import type { StaffMail } from '../../shared/api';
import { EmptyState } from '../common/EmptyState';
import { StaffPagination } from '../common/StaffPagination';
import { StaffTitle } from '../common/StaffTitle';
import { FAILED_FILTER, useFailedMailCount } from './failedMail';
import { mailFilters } from './mailFilters';
import { MailStatusChip, attemptsText, ukDateTime } from './MailStatusField';
import { ResendButton, ResendFailedButton } from './ResendButton';

const isFailedOnly = (status: unknown) => Array.isArray(status) && status.length === 1 && status[0] === 'failed';

/** One click to the failed messages, with their number; pressed while that filter is on. */
function FailedButton() {
  const { filterValues, setFilters } = useListContext();
  const count = useFailedMailCount();
  const on = isFailedOnly(filterValues?.status);
  return (
    <Button
      size="small"
      startIcon={<ErrorIcon />}
      aria-pressed={on}
      variant={on ? 'contained' : 'text'}
      color={count ? 'error' : 'primary'}
      onClick={() => setFilters(on ? { ...filterValues, status: undefined } : { ...filterValues, ...FAILED_FILTER }, {})}
    >
      {count ? `Failed (${count})` : 'Failed'}
    </Button>
  );
}

function MailListActions() {
  return (
    <TopToolbar sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, whiteSpace: 'nowrap' }}>
      <FailedButton />
      <ResendFailedButton />
    </TopToolbar>
  );
}

/** The last error, cut to what a table cell can hold (the whole of it is on the message's page). */
function LastErrorField(_props: { source?: string; label?: string }) {
  return (
    <FunctionField<StaffMail>
      render={(mail) =>
        mail.last_error ? (
          <Typography
            variant="body2"
            color="error"
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
          >
            {mail.last_error}
          </Typography>
        ) : (
          '—'
        )
      }
    />
  );
}

const StatusWithAttempts = (_props: { source?: string; label?: string }) => (
  <FunctionField<StaffMail>
    render={(mail) => (
      <>
        <MailStatusChip status={mail.status} />
        <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
          {attemptsText(mail)}
        </Typography>
      </>
    )}
  />
);

const Empty = () => (
  <EmptyState title="No mail yet">
    Every e-mail the site sends (welcome, password reset, account approval…) appears here with whether it went out. Failed ones can be resent from here.
  </EmptyState>
);

const Column = DataTable.Col<StaffMail>;

/**
 * /admin/mail: the outbox, newest first, 25 a page; search by address or subject, filter by any
 * of the statuses. Failed messages are one click away (with their number), can be resent from
 * their row or all at once, and a row opens the message. Links in messages are never shown.
 */
export function MailList() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={mailFilters}
      actions={<MailListActions />}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      storeKey={false}
      pagination={<StaffPagination />}
      title={<StaffTitle page="Mail outbox" />}
      empty={<Empty />}
      exporter={false}
    >
      {narrow ? (
        <SimpleList<StaffMail>
          primaryText={(mail) => mail.subject}
          secondaryText={(mail) => (
            <>
              <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 0.5 }}>
                <MailStatusChip status={mail.status} />
                {attemptsText(mail)}
              </Box>
              {`${mail.to} · ${ukDateTime(mail.created_at)}`}
              {mail.last_error ? (
                <Box component="span" sx={{ display: 'block', color: 'error.main' }}>
                  {mail.last_error}
                </Box>
              ) : null}
            </>
          )}
          rowClick="show"
          rowSx={() => ({ '& .MuiListItemText-secondary': { overflowWrap: 'anywhere' } })}
        />
      ) : (
        <DataTable
          rowClick="show"
          bulkActionButtons={false}
          sx={{
            '& .column-to': { overflowWrap: 'anywhere', maxWidth: 240 },
            '& .column-last_error': { maxWidth: 280 },
            '& .column-sent_at': { display: { xs: 'none', xl: 'table-cell' } },
          }}
        >
          <Column source="status" label="Status" field={StatusWithAttempts} />
          <Column source="to" label="To" field={TextField} />
          <Column source="subject" label="Subject" />
          <Column source="created_at" label="Created" render={(mail) => ukDateTime(mail.created_at)} />
          <Column source="sent_at" label="Sent" render={(mail) => (mail.sent_at ? ukDateTime(mail.sent_at) : '—')} />
          <Column source="last_error" label="Last error" disableSort field={LastErrorField} />
          <Column label="Action" disableSort render={() => <ResendButton size="small" />} />
        </DataTable>
      )}
    </List>
  );
}
