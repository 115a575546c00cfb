import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PriceListStock } from '../../../shared/api';
import { formatPence } from '../../../shared/pricing/format';

const quantity = new Intl.NumberFormat('en-GB');

/** One paper's quantity breaks: quantity, single-sided and double-sided price. Three columns fit 375 px. */
export function PriceTable({ productName, stock }: { productName: string; stock: PriceListStock }) {
  const captionId = `prices-${stock.id}-${productName.replace(/\W+/g, '-')}`;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Typography id={captionId} component="h3" variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {stock.name}
        {stock.type && (
          <Typography component="span" variant="body2" color="text.secondary">
            {' · '}
            {stock.type}
          </Typography>
        )}
      </Typography>
      <Table size="small" aria-labelledby={captionId}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Quantity</TableCell>
            <TableCell scope="col" align="right">
              Single-sided
            </TableCell>
            <TableCell scope="col" align="right">
              Double-sided
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {stock.breaks.map((b) => (
            <TableRow key={b.qty}>
              <TableCell component="th" scope="row">
                {quantity.format(b.qty)}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPence(b.single)}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPence(b.double)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
