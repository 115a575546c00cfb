import Chip from '@mui/material/Chip';
import { INVOICE_STATE_LABELS, type InvoiceState } from '../../shared/domain/payments/invoice-state';

const COLOURS: Record<InvoiceState, 'success' | 'warning' | 'error' | 'default'> = {
  paid: 'success',
  part_paid: 'warning',
  overdue: 'error',
  unpaid: 'default',
};

/** An invoice's state from its payments: paid, part-paid, overdue or unpaid. */
export function InvoiceStateChip({ state }: { state: InvoiceState }) {
  return <Chip size="small" color={COLOURS[state]} variant={state === 'unpaid' ? 'outlined' : 'filled'} label={INVOICE_STATE_LABELS[state]} />;
}
