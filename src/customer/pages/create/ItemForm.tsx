import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Item, ItemCreateInput, Orientation } from '../../../shared/api/orders';
import type { OrderableProduct, PriceList } from '../../../shared/api/prices';
import type { Sides } from '../../../shared/domain/pricing/engine';
import { formatPence, formatUnitPrice } from '../../../shared/domain/pricing/format';
import { apiErrors } from '../../../shared/http';
import { errorText } from '../../components/QueryStates';

export interface ItemChoice {
  product_id: string;
  stock_id: string;
  qty: string;
  sides: Sides;
  orientation: Orientation;
  notes: string;
}

export const choiceOf = (item: Item): ItemChoice => ({
  product_id: String(item.product_id),
  stock_id: String(item.stock_id),
  qty: String(item.qty),
  sides: item.sides,
  orientation: item.orientation,
  notes: item.notes,
});

/**
 * The price of a choice for this customer, from the price list (the same engine and discount as
 * the server: GET /api/prices is priced by it). Null when the choice is not complete or not offered.
 */
export function livePrice(prices: PriceList | undefined, choice: Pick<ItemChoice, 'product_id' | 'stock_id' | 'qty' | 'sides'>): number | null {
  const product = prices?.products.find((p) => String(p.id) === choice.product_id);
  const stock = product?.stocks.find((s) => String(s.id) === choice.stock_id);
  const row = stock?.breaks.find((b) => String(b.qty) === choice.qty);
  return row ? row[choice.sides] : null;
}

interface ItemFormProps {
  products: OrderableProduct[];
  prices: PriceList | undefined;
  initial?: ItemChoice;
  submitLabel: string;
  onSubmit: (input: ItemCreateInput) => Promise<unknown>;
  onCancel?: () => void;
  /** Focus the first field on opening (an item's edit form, opened in place of its buttons). */
  autoFocus?: boolean;
}

const EMPTY: ItemChoice = { product_id: '', stock_id: '', qty: '', sides: 'single', orientation: 'landscape', notes: '' };

/** Product, paper, quantity break, sides, orientation and notes, with the price as the choice changes. */
export function ItemForm({ products, prices, initial, submitLabel, onSubmit, onCancel, autoFocus }: ItemFormProps) {
  const id = useId();
  const [choice, setChoice] = useState<ItemChoice>(() => {
    if (initial) return initial;
    const product = products[0];
    const stock = product?.stocks[0];
    return {
      ...EMPTY,
      product_id: product ? String(product.id) : '',
      stock_id: stock ? String(stock.id) : '',
      qty: stock?.quantities[0] !== undefined ? String(stock.quantities[0]) : '',
    };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const product = products.find((p) => String(p.id) === choice.product_id);
  const stock = product?.stocks.find((s) => String(s.id) === choice.stock_id);
  const price = livePrice(prices, choice);
  const qty = Number(choice.qty);

  const change = (patch: Partial<ItemChoice>) => {
    setChoice((current) => {
      const next = { ...current, ...patch };
      // A product or paper change keeps what still fits, and picks the first of what does not.
      const p = products.find((x) => String(x.id) === next.product_id);
      if (p && !p.stocks.some((s) => String(s.id) === next.stock_id)) next.stock_id = p.stocks[0] ? String(p.stocks[0].id) : '';
      const s = p?.stocks.find((x) => String(x.id) === next.stock_id);
      if (s && !s.quantities.some((q) => String(q) === next.qty)) next.qty = s.quantities[0] !== undefined ? String(s.quantities[0]) : '';
      return next;
    });
    setErrors({});
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const missing: Record<string, string> = {};
    if (!choice.product_id) missing.product_id = 'Choose a product';
    if (!choice.stock_id) missing.stock_id = 'Choose a paper';
    if (!choice.qty) missing.qty = 'Choose a quantity';
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    setSending(true);
    onSubmit({
      product_id: Number(choice.product_id),
      stock_id: Number(choice.stock_id),
      qty,
      sides: choice.sides,
      orientation: choice.orientation,
      notes: choice.notes,
    })
      .then(() => {
        if (!initial) setChoice((current) => ({ ...current, notes: '' }));
      })
      .catch((error: unknown) => {
        const api = apiErrors(error);
        const fieldErrors = api?.errors ?? {};
        setErrors(fieldErrors);
        setFormError(Object.keys(fieldErrors).length ? null : errorText(error));
      })
      .finally(() => setSending(false));
  };

  const select = (name: 'product_id' | 'stock_id' | 'qty', label: string, options: { value: string; label: string }[]) => (
    <TextField
      select
      fullWidth
      margin="normal"
      id={`${id}-${name}`}
      autoFocus={autoFocus && name === 'product_id'}
      label={label}
      value={choice[name]}
      onChange={(event) => change({ [name]: event.target.value })}
      error={name in errors}
      helperText={errors[name]}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.length === 0 && <option value="">None available</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          {select(
            'product_id',
            'Product',
            products.map((p) => ({ value: String(p.id), label: p.name })),
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {select(
            'stock_id',
            'Paper',
            (product?.stocks ?? []).map((s) => ({ value: String(s.id), label: s.name })),
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {select(
            'qty',
            'Quantity',
            (stock?.quantities ?? []).map((q) => ({ value: String(q), label: q.toLocaleString('en-GB') })),
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Box sx={{ mt: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }} aria-live="polite">
            <Typography variant="body2" color="text.secondary">
              Price (before VAT)
            </Typography>
            <Typography variant="h4" component="p" data-testid="live-price">
              {price === null ? (prices ? 'Not available' : '…') : formatPence(price)}
            </Typography>
            {price !== null && qty > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="per-item">
                {formatUnitPrice(price, qty)} each
              </Typography>
            )}
          </Box>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormControl margin="normal">
            <FormLabel id={`${id}-sides`}>Printed</FormLabel>
            <RadioGroup row aria-labelledby={`${id}-sides`} value={choice.sides} onChange={(event) => change({ sides: event.target.value as Sides })}>
              <FormControlLabel value="single" control={<Radio />} label="Single-sided" />
              <FormControlLabel value="double" control={<Radio />} label="Double-sided" />
            </RadioGroup>
          </FormControl>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormControl margin="normal">
            <FormLabel id={`${id}-orientation`}>Orientation</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${id}-orientation`}
              value={choice.orientation}
              onChange={(event) => change({ orientation: event.target.value as Orientation })}
            >
              <FormControlLabel value="landscape" control={<Radio />} label="Landscape" />
              <FormControlLabel value="portrait" control={<Radio />} label="Portrait" />
            </RadioGroup>
          </FormControl>
        </Grid>
        <Grid size={12}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            margin="normal"
            id={`${id}-notes`}
            label="Notes for the printer (optional)"
            value={choice.notes}
            onChange={(event) => change({ notes: event.target.value })}
            error={'notes' in errors}
            helperText={errors.notes}
          />
        </Grid>
      </Grid>
      {formError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {formError}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {/* Not disabled while sending (submit() ignores a second press): that would drop keyboard focus. */}
        <Button type="submit" variant="contained" aria-disabled={sending || undefined}>
          {sending ? 'Saving…' : submitLabel}
        </Button>
        {onCancel && (
          <Button onClick={() => !sending && onCancel()} aria-disabled={sending || undefined}>
            Cancel
          </Button>
        )}
      </Stack>
    </Box>
  );
}
