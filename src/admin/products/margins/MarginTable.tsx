import DeleteIcon from '@mui/icons-material/DeleteOutline';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import WarningIcon from '@mui/icons-material/WarningAmber';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import type { StockCosts } from '../../../shared/domain/pricing';
import { formatPence, formatUnitCostText } from '../../../shared/domain/pricing/format';
import { InlineTextField } from '../../common/InlineTextField';
import { checkRows, dearerPerItem, formatPerItem, previewOf, type MarginRow } from './marginRows';

type BreakField = 'qty' | 'margin';

interface MarginTableProps {
  rows: MarginRow[];
  stock: StockCosts;
  multiplier: number;
  /** Messages from the server's 422, by row index and field (`rows.0.qty`). */
  serverErrors: Record<string, string>;
  /** After an attempt to save: empty fields say what they need too, not only fields typed into. */
  showAll: boolean;
  /** The row just added, whose quantity takes the focus. */
  focusKey: string | null;
  onChange: (key: string, field: BreakField, value: string) => void;
  onRemove: (key: string) => void;
}

/** Read by screen readers, not shown. */
const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** How each editable field of a break is labelled and typed. */
const INPUTS: Record<BreakField, { label: string; inputMode: 'numeric' | 'decimal'; minWidth: number }> = {
  qty: { label: 'Quantity', inputMode: 'numeric', minWidth: 96 },
  margin: { label: 'Margin', inputMode: 'decimal', minWidth: 84 },
};

function BreakInput({
  field,
  index,
  value,
  error,
  onChange,
  autoFocus,
}: {
  field: BreakField;
  index: number;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  const { label, inputMode, minWidth } = INPUTS[field];
  return (
    <TableCell sx={{ minWidth, verticalAlign: 'top' }}>
      <InlineTextField label={`${label} of break ${index + 1}`} value={value} error={error} inputMode={inputMode} onChange={onChange} autoFocus={autoFocus} />
    </TableCell>
  );
}

/** A figure of the preview, or a dash while the row is not valid. */
function PreviewCell({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <TableCell align="right" sx={num} data-testid={testId}>
      {children ?? '—'}
    </TableCell>
  );
}

/** The quantity breaks of one product on one stock, editable inline, each with its live preview. */
export function MarginTable({ rows, stock, multiplier, serverErrors, showAll, focusKey, onChange, onRemove }: MarginTableProps) {
  const checked = checkRows(rows);
  const quotes = rows.map((_row, index) => previewOf(checked[index], stock, multiplier));
  const dearer = dearerPerItem(quotes);
  return (
    // Relative: the hidden header text (absolutely placed) stays inside the scrolling box, not past the page's edge.
    <TableContainer sx={{ overflowX: 'auto', position: 'relative' }}>
      <Table size="small" aria-label="Quantity breaks">
        <TableHead>
          {/* Headings wrap (a figure's column is as wide as its figures): the table fits the staff card at 1280 px, Remove included. */}
          <TableRow sx={{ '& th': { verticalAlign: 'bottom', lineHeight: 1.3 } }}>
            <TableCell>Quantity</TableCell>
            <TableCell>Margin %</TableCell>
            <TableCell align="right">Sheets</TableCell>
            <TableCell align="right">Cost (single / double)</TableCell>
            <TableCell align="right">Single-sided price</TableCell>
            <TableCell align="right">Double-sided price</TableCell>
            <TableCell align="right">Per item (single / double)</TableCell>
            <TableCell>
              <span style={HIDDEN}>Remove</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => {
            const quote = quotes[index];
            // The server's word after a save; the schema's while typing once a field holds something, and for every field after an attempt to save.
            const errorOf = (field: BreakField) => serverErrors[`rows.${index}.${field}`] ?? (row[field] !== '' || showAll ? checked[index][field] : undefined);
            const input = (field: BreakField) => (
              <BreakInput
                field={field}
                index={index}
                value={row[field]}
                error={errorOf(field)}
                onChange={(value) => onChange(row.key, field, value)}
                autoFocus={field === 'qty' && row.key === focusKey}
              />
            );
            return (
              <TableRow key={row.key} data-testid="margin-row">
                {input('qty')}
                {input('margin')}
                <PreviewCell>{quote?.sheets.toLocaleString('en-GB')}</PreviewCell>
                <PreviewCell>{quote && `${formatUnitCostText(quote.cost_single)} / ${formatUnitCostText(quote.cost_double)}`}</PreviewCell>
                <PreviewCell testId="preview-single">{quote && formatPence(quote.single)}</PreviewCell>
                <PreviewCell testId="preview-double">{quote && formatPence(quote.double)}</PreviewCell>
                <TableCell align="right" sx={{ ...num, whiteSpace: 'normal', minWidth: 120 }}>
                  {quote ? `${formatPerItem(quote.single, quote.qty)} / ${formatPerItem(quote.double, quote.qty)}` : '—'}
                  {dearer[index] && (
                    <Typography
                      variant="caption"
                      component="p"
                      color="text.primary"
                      data-testid="dearer-warning"
                      sx={{ textAlign: 'left', display: 'flex', gap: 0.5, mt: 0.5 }}
                    >
                      <WarningIcon fontSize="inherit" sx={{ mt: '2px', color: 'warning.main' }} aria-hidden />
                      {dearer[index]}
                    </Typography>
                  )}
                </TableCell>
                <TableCell padding="checkbox">
                  <IconButton aria-label={`Remove break ${row.qty || `new row ${index + 1}`}`} onClick={() => onRemove(row.key)} size="small">
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
