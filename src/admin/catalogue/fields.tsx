import Chip from '@mui/material/Chip';
import { useRecordContext } from 'react-admin';
import { formatUnitCostText } from '../../shared/domain/pricing/format';

/** A unit cost (decimal pounds) as £0.0450, exact. */
export function Cost({ value }: { value: string | undefined }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{typeof value === 'string' ? formatUnitCostText(value) : '—'}</span>;
}

/** Active / Inactive as a chip (colour is not the only signal: the word says it). */
export function ActiveChip() {
  const record = useRecordContext();
  if (!record) return null;
  return <Chip size="small" label={record.active ? 'Active' : 'Inactive'} color={record.active ? 'success' : 'default'} variant="outlined" />;
}
