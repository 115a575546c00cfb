import Chip from '@mui/material/Chip';
import CheckIcon from '@mui/icons-material/Check';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useRecordContext } from 'react-admin';
import { MAIL_STATUS_LABELS, type StaffMail, type MailStatus } from '../../shared/api';
import { formatMoment } from '../../shared/domain/calendar/workingDays';

const LOOK: Record<MailStatus, { color: 'success' | 'error' | 'default'; Icon: typeof CheckIcon }> = {
  sent: { color: 'success', Icon: CheckIcon },
  failed: { color: 'error', Icon: ErrorIcon },
  queued: { color: 'default', Icon: ScheduleIcon },
};

/** A message's status as a chip: failed ones stand out (red, with an icon as well as the word). */
export function MailStatusChip({ status }: { status: MailStatus }) {
  const { color, Icon } = LOOK[status];
  return <Chip size="small" label={MAIL_STATUS_LABELS[status]} color={color} variant={status === 'queued' ? 'outlined' : 'filled'} icon={<Icon />} />;
}

/** The record's status, for a list column or a show page. */
export function MailStatusField(_props: { source?: string; label?: string }) {
  const mail = useRecordContext<StaffMail>();
  return mail ? <MailStatusChip status={mail.status} /> : null;
}

/** "3 attempts", and for a pending retry when the next one runs. */
export function attemptsText(mail: Pick<StaffMail, 'attempts' | 'status' | 'next_attempt_at'>): string {
  const tries = `${mail.attempts} attempt${mail.attempts === 1 ? '' : 's'}`;
  if (mail.status === 'queued' && mail.next_attempt_at) return `${tries}; next at ${ukDateTime(mail.next_attempt_at)}`;
  return tries;
}

/** "21 Nov 2026, 14:05" in UK time — the one date-time format of the staff area (the shared formatMoment). */
export const ukDateTime = formatMoment;
