import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { SxProps, Theme } from '@mui/material/styles';
import type { PriceListProduct } from '../../../shared/api/prices';
import { paperLabel } from './money';

export const ALL = 'all';

/** What the address holds: the search, the product, its paper, and whether prices include VAT. */
export interface PriceFilterValues {
  q: string;
  product: string;
  stock: string;
  vat: boolean;
}

interface PriceFiltersProps {
  /** The products the search leaves (the product select lists these). */
  matching: PriceListProduct[];
  /** The product shown, whose papers the paper select lists. */
  shown: PriceListProduct | undefined;
  values: PriceFilterValues;
  /** null: the VAT rate is not known, so there is no "inc. VAT" switch. */
  vatRate: string | null;
  /** `typing`: a change of the search while the visitor types (one history entry for a whole word). */
  onChange: (next: PriceFilterValues, typing?: boolean) => void;
}

/** How long the search waits after the last key before it changes the address. */
const SEARCH_DELAY_MS = 250;

/**
 * Search the products, choose one and a paper, switch VAT on or off. Every change is a history
 * entry (Back returns to the previous choice); typing one search is one entry.
 */
export function PriceFilters({ matching, shown, values, vatRate, onChange }: PriceFiltersProps) {
  const [query, setQuery] = useState(values.q);
  const latest = useRef({ values, onChange });
  latest.current = { values, onChange };
  // Back and Forward change the address: the search box follows it.
  useEffect(() => setQuery(values.q), [values.q]);
  useEffect(() => {
    if (query === latest.current.values.q) return;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.values, q: query, product: '', stock: ALL }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mb: 3, flexWrap: 'wrap', alignItems: { sm: 'center' } }} className="pj-noprint">
      <OutlinedField label="Search products" sx={{ minWidth: { sm: 220 }, flex: { sm: '1 1 220px' } }}>
        {(id) => (
          <OutlinedInput
            id={id}
            type="search"
            label="Search products"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            inputProps={{ 'aria-controls': 'price-products' }}
          />
        )}
      </OutlinedField>
      <OutlinedField label="Product" shrink disabled={matching.length === 0} sx={{ minWidth: { sm: 240 }, flex: { sm: '2 1 240px' } }}>
        {(id) => (
          <NativeSelect
            id={id}
            input={<OutlinedInput label="Product" notched />}
            value={shown ? String(shown.id) : ''}
            onChange={(e) => onChange({ ...values, product: e.target.value, stock: ALL })}
          >
            {matching.length === 0 && <option value="">No product matches</option>}
            {matching.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </OutlinedField>
      <OutlinedField label="Paper" shrink disabled={!shown} sx={{ minWidth: { sm: 200 }, flex: { sm: '1 1 200px' } }}>
        {(id) => (
          <NativeSelect
            id={id}
            input={<OutlinedInput label="Paper" notched />}
            value={values.stock}
            onChange={(e) => onChange({ ...values, stock: e.target.value })}
          >
            <option value={ALL}>All papers</option>
            {shown?.stocks.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {paperLabel(s)}
              </option>
            ))}
          </NativeSelect>
        )}
      </OutlinedField>
      {vatRate !== null && (
        <FormControlLabel
          control={<Switch checked={values.vat} onChange={(e) => onChange({ ...values, vat: e.target.checked })} />}
          label="inc. VAT"
          sx={{ mr: 0 }}
        />
      )}
    </Stack>
  );
}

/**
 * What MUI's outlined TextField renders (a FormControl with its label and input, as the theme sets
 * TextField: full width, normal margin), built from its parts: TextField imports the whole
 * non-native Select (Menu, Popover, Modal) even for a search box or a native select, ≈ 20 kB
 * gzipped that the first paint of this page does not need.
 */
function OutlinedField({
  label,
  shrink,
  disabled,
  sx,
  children,
}: {
  label: string;
  shrink?: boolean;
  disabled?: boolean;
  sx: SxProps<Theme>;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <FormControl fullWidth margin="normal" disabled={disabled} sx={sx}>
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      {children(id)}
    </FormControl>
  );
}
