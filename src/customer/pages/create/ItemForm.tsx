import { memo, useCallback, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Item, ItemCreateInput, Orientation } from '../../../shared/api/orders';
import type { OrderableProduct, PriceList } from '../../../shared/api/prices';
import { addWorkingDays, formatDay, type CivilDate } from '../../../shared/domain/calendar/workingDays';
import { itemProductionDays } from '../../../shared/domain/pricing/choices';
import type { Sides } from '../../../shared/domain/pricing/engine';
import { formatPence, formatUnitPrice } from '../../../shared/domain/pricing/format';
import { apiErrors } from '../../../shared/http';
import { errorText } from '../../components/QueryStates';
import { useProofPrice } from '../../api/settingHooks';
import { ProofCheckbox } from './ProofChoice';
import { TemplateLinks } from '../../components/TemplateLinks';

export interface ItemChoice {
  product_id: string;
  stock_id: string;
  qty: string;
  sides: Sides;
  orientation: Orientation;
  notes: string;
  /** The finishing options chosen, by id. */
  option_ids: number[];
  /** The turnaround chosen, by id; '' for the product's default. */
  turnaround_id: string;
  /** A proof to approve before printing (always, for a product that requires one). */
  proof_requested: boolean;
}

export const choiceOf = (item: Item): ItemChoice => ({
  product_id: String(item.product_id),
  stock_id: String(item.stock_id),
  qty: String(item.qty),
  sides: item.sides,
  orientation: item.orientation,
  notes: item.notes,
  option_ids: item.option_ids,
  turnaround_id: item.turnaround_id === null ? '' : String(item.turnaround_id),
  proof_requested: item.proof_requested,
});

/** A new choice of product starts with the first option of each required group (one of each must be chosen). */
export const requiredDefaults = (product: OrderableProduct | undefined): number[] =>
  (product?.option_groups ?? []).flatMap((g) => (g.required && g.options[0] ? [g.options[0].id] : []));

type PricedChoice = Pick<ItemChoice, 'product_id' | 'stock_id' | 'qty' | 'sides' | 'option_ids' | 'turnaround_id'>;

/**
 * The price of a choice for this customer, from the price list (priced by the server's engine at the
 * customer's discount). Without options it is exact: the grid's price at the chosen turnaround.
 * With options it adds what each adds on the grid, at the chosen turnaround's rate; the engine
 * rounds the whole line once, so this may differ from the saved item's price by a penny or two
 * (the form says "about"). Null when the choice is not complete or not offered.
 */
export function livePrice(prices: PriceList | undefined, choice: PricedChoice): number | null {
  const product = prices?.products.find((p) => String(p.id) === choice.product_id);
  const stock = product?.stocks.find((s) => String(s.id) === choice.stock_id);
  const index = stock ? stock.breaks.findIndex((b) => String(b.qty) === choice.qty) : -1;
  if (!product || !stock || index < 0) return null;
  const standard = product.turnarounds.find((t) => t.is_default);
  const turnaround = choice.turnaround_id ? product.turnarounds.find((t) => String(t.id) === choice.turnaround_id) : standard;
  if (choice.turnaround_id && !turnaround) return null;
  const base =
    !turnaround || turnaround.is_default ? stock.breaks[index][choice.sides] : stock.turnarounds.find((t) => t.id === turnaround.id)?.[choice.sides][index];
  if (base === undefined) return null;
  // What an option adds is listed at the default turnaround: at another it changes as the whole price does.
  const rate = (100 + (turnaround?.price_percent ?? 0)) / (100 + (standard?.price_percent ?? 0));
  let total = base;
  for (const id of choice.option_ids) {
    const adds = stock.options.find((o) => o.id === id)?.adds[index];
    if (adds === undefined) return null;
    total += Math.round(adds * rate);
  }
  return total;
}

/**
 * The dispatch date of a choice confirmed now: the turnaround's (the price list counts it from the
 * day production would start) plus the longest extra days of the options chosen. The extra days
 * skip weekends; the saved order's date also skips the printer's closed days.
 */
export function liveDispatch(product: OrderableProduct | undefined, choice: Pick<ItemChoice, 'option_ids' | 'turnaround_id'>): CivilDate | null {
  const turnaround = choice.turnaround_id
    ? product?.turnarounds.find((t) => String(t.id) === choice.turnaround_id)
    : product?.turnarounds.find((t) => t.is_default);
  if (!product || !turnaround) return null;
  const chosen = product.option_groups.flatMap((g) => g.options).filter((o) => choice.option_ids.includes(o.id));
  return addWorkingDays(turnaround.dispatch_date, itemProductionDays({ production_days: 0 }, chosen), NO_CLOSED_DAYS);
}

const NO_CLOSED_DAYS: ReadonlySet<CivilDate> = new Set();
const days = (n: number) => `${n} working day${n === 1 ? '' : 's'}`;

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

const EMPTY: ItemChoice = {
  product_id: '',
  stock_id: '',
  qty: '',
  sides: 'single',
  orientation: 'landscape',
  notes: '',
  option_ids: [],
  turnaround_id: '',
  proof_requested: false,
};

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
      option_ids: requiredDefaults(product),
      proof_requested: product?.proof_required ?? false,
    };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const product = products.find((p) => String(p.id) === choice.product_id);
  const stock = product?.stocks.find((s) => String(s.id) === choice.stock_id);
  const proofPrice = useProofPrice();
  const withProof = choice.proof_requested || Boolean(product?.proof_required);
  const printPrice = livePrice(prices, choice);
  // The proof is added as the server adds it (orders/assessment.ts): once per item, at the setting's price.
  const price = printPrice === null ? null : printPrice + (withProof ? (proofPrice ?? 0) : 0);
  const dispatch = liveDispatch(product, choice);
  // Options that add nothing (None, Square corners) leave the grid's exact price.
  const estimate = printPrice !== null && livePrice(prices, { ...choice, option_ids: [] }) !== printPrice;
  const qty = Number(choice.qty);

  // Stable, so that the memoised parts of the form a change does not touch are not drawn again.
  const change = useCallback(
    (patch: Partial<ItemChoice>) => {
      setChoice((current) => {
        const next = { ...current, ...patch };
        // A product or paper change keeps what still fits, and picks the first of what does not.
        const p = products.find((x) => String(x.id) === next.product_id);
        // Another product has its own finishes and turnarounds: start again from its defaults.
        if (next.product_id !== current.product_id) {
          next.option_ids = requiredDefaults(p);
          next.turnaround_id = '';
          // A product that requires a proof gives the item one (as the server does); the wish stays the customer's otherwise.
          if (p?.proof_required) next.proof_requested = true;
        }
        if (p && !p.stocks.some((s) => String(s.id) === next.stock_id)) next.stock_id = p.stocks[0] ? String(p.stocks[0].id) : '';
        const s = p?.stocks.find((x) => String(x.id) === next.stock_id);
        if (s && !s.quantities.some((q) => String(q) === next.qty)) next.qty = s.quantities[0] !== undefined ? String(s.quantities[0]) : '';
        return next;
      });
      setErrors((current) => (Object.keys(current).length ? {} : current));
      setFormError(null);
    },
    [products],
  );

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
      option_ids: choice.option_ids,
      turnaround_id: choice.turnaround_id ? Number(choice.turnaround_id) : null,
      proof_requested: withProof,
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
              {price === null ? (prices ? 'Not available' : '…') : `${estimate ? 'about ' : ''}${formatPence(price)}`}
            </Typography>
            {price !== null && withProof && proofPrice !== null && proofPrice > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="includes-proof">
                Includes proof {formatPence(proofPrice)}
              </Typography>
            )}
            {price !== null && qty > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="per-item">
                {formatUnitPrice(price, qty)} each
              </Typography>
            )}
            {dispatch && (
              <Typography variant="body2" color="text.secondary" data-testid="live-dispatch">
                Dispatch {formatDay(dispatch)} if confirmed now
              </Typography>
            )}
          </Box>
        </Grid>
        <FinishSelects id={id} product={product} optionIds={choice.option_ids} invalid={'option_ids' in errors} change={change} />
        {errors.option_ids && (
          <Grid size={12}>
            <Typography color="error" variant="body2" role="alert" data-testid="option-error">
              {errors.option_ids}
            </Typography>
          </Grid>
        )}
        {product && product.turnarounds.length > 0 && (
          <Grid size={12}>
            <FormControl margin="normal" error={'turnaround_id' in errors} fullWidth>
              <FormLabel id={`${id}-turnaround`}>Turnaround</FormLabel>
              <RadioGroup
                aria-labelledby={`${id}-turnaround`}
                value={choice.turnaround_id || String(product.turnarounds.find((t) => t.is_default)?.id ?? '')}
                onChange={(event) => change({ turnaround_id: event.target.value })}
              >
                {product.turnarounds.map((t) => {
                  const at = { ...choice, turnaround_id: String(t.id) };
                  const tPrice = livePrice(prices, at);
                  const tDispatch = liveDispatch(product, at);
                  return (
                    <FormControlLabel
                      key={t.id}
                      value={String(t.id)}
                      disabled={!t.offered}
                      control={<Radio />}
                      label={
                        <span>
                          <strong>{t.name}</strong>
                          {tPrice !== null && ` — ${formatPence(tPrice)}`}
                          {tDispatch && `, dispatch ${formatDay(tDispatch)}`}
                          {!t.offered && ` (only before ${prices?.cutoff ?? 'the cut-off'} on a working day)`}
                        </span>
                      }
                    />
                  );
                })}
              </RadioGroup>
              {errors.turnaround_id && <FormHelperText>{errors.turnaround_id}</FormHelperText>}
            </FormControl>
          </Grid>
        )}
        <SidesAndOrientation id={id} sides={choice.sides} orientation={choice.orientation} change={change} />
        {product && (
          <Grid size={12}>
            <TemplateLinks productId={product.id} productName={product.name} first={choice.orientation} />
            <ProofCheckbox
              id={id}
              checked={choice.proof_requested}
              required={product.proof_required}
              productName={product.name}
              price={proofPrice}
              error={errors.proof_requested}
              onChange={(checked) => change({ proof_requested: checked })}
            />
          </Grid>
        )}
        <NotesField id={id} notes={choice.notes} error={errors.notes} change={change} />
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

type Change = (patch: Partial<ItemChoice>) => void;

/*
 * The parts of the form that most changes leave as they are, memoised: a change of a finish, the
 * turnaround or the quantity draws the price and what depends on it, not every field (MUI's
 * multiline notes field measures itself each time it is drawn).
 */

/** One select per finishing group of the product: a required group starts at its first option. */
const FinishSelects = memo(function FinishSelects({
  id,
  product,
  optionIds,
  invalid,
  change,
}: {
  id: string;
  product: OrderableProduct | undefined;
  optionIds: number[];
  invalid: boolean;
  change: Change;
}) {
  return (
    <>
      {product?.option_groups.map((group) => {
        const chosen = group.options.find((o) => optionIds.includes(o.id));
        return (
          <Grid key={group.id} size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              margin="normal"
              id={`${id}-group-${group.id}`}
              label={group.name}
              value={chosen ? String(chosen.id) : ''}
              onChange={(event) => {
                const others = optionIds.filter((o) => !group.options.some((g) => g.id === o));
                change({ option_ids: event.target.value ? [...others, Number(event.target.value)] : others });
              }}
              error={invalid && (group.required ? !chosen : true)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {!group.required && <option value="">None</option>}
              {group.required && !chosen && <option value="">Choose…</option>}
              {group.options.map((o) => (
                <option key={o.id} value={String(o.id)}>
                  {o.name}
                  {o.production_days ? ` (+${days(o.production_days)})` : ''}
                </option>
              ))}
            </TextField>
          </Grid>
        );
      })}
    </>
  );
});

const SidesAndOrientation = memo(function SidesAndOrientation({
  id,
  sides,
  orientation,
  change,
}: {
  id: string;
  sides: Sides;
  orientation: Orientation;
  change: Change;
}) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormControl margin="normal">
          <FormLabel id={`${id}-sides`}>Printed</FormLabel>
          <RadioGroup row aria-labelledby={`${id}-sides`} value={sides} onChange={(event) => change({ sides: event.target.value as Sides })}>
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
            value={orientation}
            onChange={(event) => change({ orientation: event.target.value as Orientation })}
          >
            <FormControlLabel value="landscape" control={<Radio />} label="Landscape" />
            <FormControlLabel value="portrait" control={<Radio />} label="Portrait" />
          </RadioGroup>
        </FormControl>
      </Grid>
    </>
  );
});

const NotesField = memo(function NotesField({ id, notes, error, change }: { id: string; notes: string; error: string | undefined; change: Change }) {
  return (
    <Grid size={12}>
      <TextField
        fullWidth
        multiline
        minRows={2}
        margin="normal"
        id={`${id}-notes`}
        label="Notes for the printer (optional)"
        value={notes}
        onChange={(event) => change({ notes: event.target.value })}
        error={error !== undefined}
        helperText={error}
      />
    </Grid>
  );
});
