import DeleteIcon from '@mui/icons-material/DeleteOutline';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { StockCosts } from '../../shared/pricing';
import { formatPence, formatUnitCostText } from '../../shared/pricing/format';
import { previewRow, rowProblems, type MarginRow } from './marginRows';

interface MarginTableProps {
  rows: MarginRow[];
  stock: StockCosts;
  multiplier: number;
  /** Messages from the server's 422, by row index and field. */
  serverErrors: Record<string, string>;
  onChange: (key: string, field: 'qty' | 'margin', value: string) => void;
  onRemove: (key: string) => void;
}

/** Read by screen readers, not shown. */
const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The quantity breaks of one product on one stock, editable inline, each with its live preview. */
export function MarginTable({ rows, stock, multiplier, serverErrors, onChange, onRemove }: MarginTableProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Quantity breaks">
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableCell>Quantity</TableCell>
            <TableCell>Margin %</TableCell>
            <TableCell align="right">Sheets</TableCell>
            <TableCell align="right">Cost (single / double)</TableCell>
            <TableCell align="right">Single-sided price</TableCell>
            <TableCell align="right">Double-sided price</TableCell>
            <TableCell>
              <span style={HIDDEN}>Remove</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => {
            const problems = rowProblems(row, rows);
            const quote = previewRow(row, rows, stock, multiplier);
            const qtyError = serverErrors[`rows.${index}.qty`] ?? (row.qty !== '' ? problems.qty : undefined);
            const marginError = serverErrors[`rows.${index}.margin`] ?? (row.margin !== '' ? problems.margin : undefined);
            const name = row.qty || `new row ${index + 1}`;
            return (
              <TableRow key={row.key} data-testid="margin-row">
                <TableCell sx={{ minWidth: 120 }}>
                  <TextField
                    size="small"
                    value={row.qty}
                    onChange={(e) => onChange(row.key, 'qty', e.target.value)}
                    error={Boolean(qtyError)}
                    helperText={qtyError}
                    slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `Quantity of break ${index + 1}` } }}
                  />
                </TableCell>
                <TableCell sx={{ minWidth: 110 }}>
                  <TextField
                    size="small"
                    value={row.margin}
                    onChange={(e) => onChange(row.key, 'margin', e.target.value)}
                    error={Boolean(marginError)}
                    helperText={marginError}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `Margin of break ${index + 1}` } }}
                  />
                </TableCell>
                <TableCell align="right" sx={num}>
                  {quote ? quote.sheets.toLocaleString('en-GB') : '—'}
                </TableCell>
                <TableCell align="right" sx={num}>
                  {quote ? `${formatUnitCostText(quote.cost_single)} / ${formatUnitCostText(quote.cost_double)}` : '—'}
                </TableCell>
                <TableCell align="right" sx={num} data-testid="preview-single">
                  {quote ? formatPence(quote.single) : '—'}
                </TableCell>
                <TableCell align="right" sx={num} data-testid="preview-double">
                  {quote ? formatPence(quote.double) : '—'}
                </TableCell>
                <TableCell padding="checkbox">
                  <IconButton aria-label={`Remove break ${name}`} onClick={() => onRemove(row.key)} size="small">
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
