import Chip from '@mui/material/Chip';
import CheckIcon from '@mui/icons-material/Check';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useRecordContext } from 'react-admin';
import { MAIL_STATUS_LABELS, type AdminMail, type MailStatus } from '../../shared/api';

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
  const mail = useRecordContext<AdminMail>();
  return mail ? <MailStatusChip status={mail.status} /> : null;
}

/** "3 attempts", and for a pending retry when the next one runs. */
export function attemptsText(mail: Pick<AdminMail, 'attempts' | 'status' | 'next_attempt_at'>): string {
  const tries = `${mail.attempts} attempt${mail.attempts === 1 ? '' : 's'}`;
  if (mail.status === 'queued' && mail.next_attempt_at) return `${tries}; next at ${ukDateTime(mail.next_attempt_at)}`;
  return tries;
}

/** 21/11/2026, 14:05 — the date and time as UK staff read them. */
export const ukDateTime = (iso: string): string =>
  new Date(iso).toLocaleString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
