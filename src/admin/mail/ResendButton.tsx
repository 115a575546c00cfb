import Button from '@mui/material/Button';
import SendIcon from '@mui/icons-material/Send';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useGetList, useListContext, useNotify, useRecordContext, useRefresh, type Identifier } from 'react-admin';
import type { StaffMail } from '../../shared/api';
import type { StaffDataProvider } from '../dataProvider';
import { messageOf } from '../dataProvider/errors';
import { FAILED_FILTER, MAIL_RESOURCE } from './failedMail';

/**
 * Resend for a failed message (a fresh round of attempts); for a pending one waiting for its next
 * retry, "Try now". A sent message has neither: its links may be used or expired by now, and the
 * customer can ask for a new one.
 */
export function ResendButton({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  const mail = useRecordContext<StaffMail>();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { mutate, isPending } = useMutation({
    mutationFn: (id: Identifier) => dataProvider.resendMail(id),
    onSuccess: (queued) => {
      notify(`The message to ${queued.to} is queued again: it goes out within a minute.`, { type: 'info' });
      refresh(); // the list, this record and the menu's count of failed messages
    },
    onError: (error) => notify(messageOf(error, 'The message was not queued again. Please try again.'), { type: 'error' }),
  });
  if (!mail || mail.status === 'sent') return null;
  const retryWaiting = mail.status === 'queued';
  if (retryWaiting && !mail.last_error) return null; // its first attempt is under way
  return (
    <Button
      size={size}
      variant={retryWaiting ? 'text' : 'contained'}
      startIcon={<SendIcon />}
      disabled={isPending}
      onClick={(event) => {
        event.stopPropagation(); // inside a list row, the click must not open the row
        mutate(mail.id);
      }}
    >
      {retryWaiting ? 'Try now' : 'Resend'}
    </Button>
  );
}

/** At most this many failed messages are resent by one press (the rest by the next). */
const RESEND_AT_ONCE = 100;

/**
 * The list's bulk action: resends every failed message the list's search and filters match (the
 * API resends one at a time: one call each), after asking. Shown while there are any.
 */
export function ResendFailedButton() {
  const { filterValues } = useListContext<StaffMail>();
  const filter = { ...filterValues, ...FAILED_FILTER };
  const { data: failed = [], total = 0 } = useGetList<StaffMail>(MAIL_RESOURCE, {
    filter,
    pagination: { page: 1, perPage: RESEND_AT_ONCE },
    sort: { field: 'id', order: 'ASC' },
  });
  const [asking, setAsking] = useState(false);
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { mutate, isPending } = useMutation({
    mutationFn: async (ids: Identifier[]) => {
      const results: boolean[] = [];
      for (const id of ids)
        results.push(
          await dataProvider.resendMail(id).then(
            () => true,
            () => false,
          ),
        );
      return results;
    },
    onSuccess: (results) => {
      const done = results.filter(Boolean).length;
      const missed = results.length - done;
      const left = total - results.length;
      const queued = `${done} message${done === 1 ? ' is' : 's are'} queued again.`;
      if (missed) notify(`${queued} ${missed} could not be: please try again.`, { type: 'warning' });
      else notify(left > 0 ? `${queued} ${left} more failed: resend them too.` : queued, { type: 'info' });
      refresh();
    },
    onSettled: () => setAsking(false),
  });
  if (!total) return null;
  const count = Math.min(total, RESEND_AT_ONCE);
  const what = `${count} failed message${count === 1 ? '' : 's'}`;
  return (
    <>
      <Button size="small" startIcon={<SendIcon />} disabled={isPending} onClick={() => setAsking(true)}>
        {`Resend ${count === 1 ? 'the failed one' : `${count} failed`}`}
      </Button>
      <Confirm
        isOpen={asking}
        loading={isPending}
        title={`Resend ${what}?`}
        content={`Each gets a fresh round of attempts${Object.keys(filterValues ?? {}).some((key) => key !== 'status') ? ' (the failed ones this search finds)' : ''}. Check first that what made them fail — the address, the mail server — is put right.`}
        confirm="Resend"
        onConfirm={() => mutate(failed.map((mail) => mail.id))}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
