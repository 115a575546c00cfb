import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PriceListProduct } from '../../../shared/api';

export const ALL = 'all';

interface PriceFiltersProps {
  products: PriceListProduct[];
  product: string;
  stock: string;
  onChange: (next: { product: string; stock: string }) => void;
}

/** Choose a product and a paper, or see all of them. The paper list follows the chosen product. */
export function PriceFilters({ products, product, stock, onChange }: PriceFiltersProps) {
  const chosen = products.find((p) => String(p.id) === product);
  // Papers of the chosen product, or every paper any product is made on (each once, in order).
  const papers = chosen ? chosen.stocks : [...new Map(products.flatMap((p) => p.stocks).map((s) => [s.id, s])).values()];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
      <TextField
        select
        label="Product"
        value={product}
        onChange={(e) => onChange({ product: e.target.value, stock: ALL })}
        sx={{ minWidth: { sm: 280 } }}
        fullWidth
      >
        <MenuItem value={ALL}>All products</MenuItem>
        {products.map((p) => (
          <MenuItem key={p.id} value={String(p.id)}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label="Paper" value={stock} onChange={(e) => onChange({ product, stock: e.target.value })} sx={{ minWidth: { sm: 240 } }} fullWidth>
        <MenuItem value={ALL}>All papers</MenuItem>
        {papers.map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
