import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useGetList, useGetMany } from 'react-admin';
import type { MarginRecord, ProductRecord, StockRecord } from '../../../shared/api';
import type { Sides } from '../../../shared/domain/pricing';
import { breaksOf, type PreviewBasis } from './preview';

/**
 * Which break the preview prices: a stock the product is made on, one of its quantity breaks and
 * the sides printed. Starts on the first stock with breaks, at its third break (a typical run).
 */
export function usePreviewBasis(product: ProductRecord) {
  const { data: stocks = [] } = useGetMany<StockRecord>('stock', { ids: product.stock_ids });
  const { data: margins = [] } = useGetList<MarginRecord>('margins', {
    filter: { product_id: product.id },
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'qty', order: 'ASC' },
  });
  const [chosen, setChosen] = useState<{ stockId?: number; qty?: number; sides: Sides }>({ sides: 'double' });

  const priced = stocks.filter((s) => breaksOf(margins, s.id).length > 0);
  const stock = priced.find((s) => s.id === chosen.stockId) ?? priced[0];
  const breaks = stock ? breaksOf(margins, stock.id) : [];
  const brk = breaks.find((b) => b.qty === chosen.qty) ?? breaks[Math.min(2, breaks.length - 1)];
  const basis: PreviewBasis | null = stock && brk ? { stock, multiplier: product.multiplier, qty: brk.qty, margin: brk.margin, sides: chosen.sides } : null;
  return { basis, priced, breaks, setChosen: (change: Partial<typeof chosen>) => setChosen((c) => ({ ...c, ...change })) };
}

/** The three choices of the preview, side by side (stacked on a phone). */
export function PreviewPicker({ preview }: { preview: ReturnType<typeof usePreviewBasis> }) {
  const { basis, priced, breaks, setChosen } = preview;
  if (!basis) {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        No price preview yet: link a stock and give it quantity breaks (the Stock part) to see what each choice costs customers.
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' }, maxWidth: 720, mb: 2 }}>
      <TextField select size="small" label="Preview on" value={basis.stock.id} onChange={(e) => setChosen({ stockId: Number(e.target.value), qty: undefined })}>
        {priced.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="Quantity" value={basis.qty} onChange={(e) => setChosen({ qty: Number(e.target.value) })}>
        {breaks.map((b) => (
          <MenuItem key={b.id} value={b.qty}>
            {b.qty.toLocaleString('en-GB')}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="Printed" value={basis.sides} onChange={(e) => setChosen({ sides: e.target.value as Sides })}>
        <MenuItem value="single">Single-sided</MenuItem>
        <MenuItem value="double">Double-sided</MenuItem>
      </TextField>
    </Box>
  );
}
