import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useState } from 'react';
import { Confirm, useCreate, useDelete, useGetList, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import type { StaffUser, ProductRecord, UserPriceRecord } from '../../../shared/api';
import { InlineTextField } from '../../common/InlineTextField';
import { fieldErrorsOf, messageOf } from '../../dataProvider/errors';

function DiscountRow({ price, product }: { price: UserPriceRecord; product: ProductRecord | undefined }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [value, setValue] = useState(String(price.discount));
  const [error, setError] = useState<string | undefined>();
  const [update, { isPending: saving }] = useUpdate();
  const [remove, { isPending: removing }] = useDelete<UserPriceRecord>();
  const [confirming, setConfirming] = useState(false);
  const name = product?.name ?? `Product ${price.product_id}`;
  const changed = value.trim() !== String(price.discount);
  const save = () =>
    update(
      'user-prices',
      { id: price.id, data: { discount: value.trim() }, previousData: price },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setError(undefined);
          notify(`Discount on ${name} saved.`, { type: 'success' });
        },
        onError: (e) => {
          setError(fieldErrorsOf(e).discount ?? messageOf(e));
          // Changed by someone else meanwhile: the discounts are read again (what was typed stays), so a new Save is at their version.
          if (fieldErrorsOf(e).version) refresh();
        },
      },
    );
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {name}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <InlineTextField label={`Discount % on ${name}`} value={value} error={error} inputMode="decimal" onChange={setValue} sx={{ width: 110 }} />
          <Button size="small" onClick={save} disabled={!changed || saving}>
            Save
          </Button>
        </Stack>
      </TableCell>
      <TableCell padding="checkbox">
        <IconButton aria-label={`Remove the discount on ${name}`} disabled={removing} onClick={() => setConfirming(true)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
        {/* Removing a price agreement says what goes and asks once. */}
        <Confirm
          isOpen={confirming}
          title={`Remove the discount on ${name}?`}
          content={`This customer's ${price.discount}% discount on ${name} goes, and they pay list prices for it from now on.`}
          confirm="Remove discount"
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            remove(
              'user-prices',
              { id: price.id, previousData: price },
              {
                mutationMode: 'pessimistic',
                onSuccess: () => notify(`Discount on ${name} removed.`, { type: 'info' }),
                onError: (e) => notify(messageOf(e), { type: 'error' }),
              },
            );
          }}
        />
      </TableCell>
    </TableRow>
  );
}

function AddDiscount({ userId, products, taken }: { userId: number; products: ProductRecord[]; taken: Set<number> }) {
  const notify = useNotify();
  const [product, setProduct] = useState<ProductRecord | null>(null);
  const [discount, setDiscount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, { isPending }] = useCreate();
  const add = () =>
    create(
      'user-prices',
      { data: { user_id: userId, product_id: product?.id, discount: discount.trim() } },
      {
        onSuccess: () => {
          notify(`Discount on ${product?.name} added.`, { type: 'success' });
          setProduct(null);
          setDiscount('');
          setErrors({});
        },
        onError: (e) => {
          const fields = fieldErrorsOf(e);
          setErrors(Object.keys(fields).length ? fields : { _: messageOf(e) });
        },
      },
    );
  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), add())} sx={{ mt: 3 }} aria-label="Add a discount">
      <Typography variant="h3" component="h3" gutterBottom>
        Add a discount
      </Typography>
      {errors._ && <Alert severity="error">{errors._}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Autocomplete
          options={products.filter((p) => !taken.has(p.id))}
          getOptionLabel={(p) => p.name}
          value={product}
          onChange={(_e, p) => setProduct(p)}
          sx={{ minWidth: { sm: 280 } }}
          renderInput={(params) => <TextField {...params} label="Product" size="small" error={Boolean(errors.product_id)} helperText={errors.product_id} />}
        />
        <TextField
          label="Discount %"
          size="small"
          value={discount}
          onChange={(e) => setDiscount(e.target.value)}
          error={Boolean(errors.discount)}
          helperText={errors.discount ?? '0 to 100'}
          sx={{ width: 140 }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Button type="submit" variant="contained" disabled={!product || discount.trim() === '' || isPending}>
          Add discount
        </Button>
      </Stack>
    </Box>
  );
}

/** The Prices tab: this customer's discount in percent per product (their price agreement). */
export function PricesTab() {
  const user = useRecordContext<StaffUser>();
  const {
    data: prices = [],
    isPending,
    error,
  } = useGetList<UserPriceRecord>(
    'user-prices',
    { filter: { user_id: user?.id }, pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: Boolean(user) },
  );
  const { data: products = [] } = useGetList<ProductRecord>('products', { pagination: { page: 1, perPage: 500 }, sort: { field: 'sort_order', order: 'ASC' } });
  if (!user) return null;
  if (error) return <Alert severity="error">{messageOf(error)}</Alert>;
  const byId = new Map(products.map((p) => [p.id, p]));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 760, minWidth: 0 }}>
      <Typography variant="body1" sx={{ mb: 2 }}>
        A discount lowers every price of that product for this customer, on every stock and quantity. Products without one are at list price.
      </Typography>
      {isPending ? null : prices.length === 0 ? (
        <Typography color="text.secondary">No discounts: this customer pays list prices.</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Discounts">
            <TableHead>
              <TableRow>
                <TableCell>Product</TableCell>
                <TableCell>Discount %</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {prices.map((p) => (
                <DiscountRow key={`${p.id}-${p.discount}`} price={p} product={byId.get(p.product_id)} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <AddDiscount userId={Number(user.id)} products={products} taken={new Set(prices.map((p) => p.product_id))} />
    </Box>
  );
}
