import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import { useAuth } from '../../../shared/auth';
import type { OrderCreateInput, OrderSummary } from '../../../shared/api/orders';
import { formatPence } from '../../../shared/domain/pricing/format';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { useCountries } from '../../api/countries';
import { createOrder, useDiscardOrder, useOrders } from '../../api/orders';
import { CountrySelect } from '../../components/CountrySelect';
import { FormAlerts } from '../../components/FormAlerts';
import { PageFrame } from '../../components/PageFrame';
import { SubmitButton } from '../../components/SubmitButton';
import { TextInput } from '../../components/TextInput';
import { useZodForm } from '../../forms/useZodForm';
import { route } from '../../paths';
import { ConfirmDialog, errorText, LoadFailed, Loading } from '../orders/parts';

/** The delivery contact and address of a new order, as the form holds them (keys as the server names its errors). */
const ADDRESS_FIELDS = [
  { name: 'address.firstname', label: 'First name', required: true, autoComplete: 'given-name', sm: 6 },
  { name: 'address.lastname', label: 'Last name', required: true, autoComplete: 'family-name', sm: 6 },
  { name: 'address.company_name', label: 'Company name', autoComplete: 'organization', sm: 12 },
  { name: 'address.email', label: 'E-mail address', type: 'email', required: true, autoComplete: 'email', sm: 6 },
  { name: 'address.telephone', label: 'Telephone', type: 'tel', autoComplete: 'tel', sm: 6 },
  { name: 'address.address1', label: 'Address line 1', required: true, autoComplete: 'address-line1', sm: 12 },
  { name: 'address.address2', label: 'Address line 2', autoComplete: 'address-line2', sm: 12 },
  { name: 'address.town', label: 'Town or city', required: true, autoComplete: 'address-level2', sm: 6 },
  { name: 'address.county', label: 'County', autoComplete: 'address-level1', sm: 6 },
  { name: 'address.postcode', label: 'Postcode', required: true, autoComplete: 'postal-code', sm: 6 },
] as const;
const KEYS = ['firstname', 'lastname', 'company_name', 'email', 'telephone', 'address1', 'address2', 'town', 'county', 'postcode', 'country_id'] as const;
type FormKey = 'ref' | `address.${(typeof KEYS)[number]}`;
type Values = Record<FormKey, string>;

/** The flat form → `{ref, address}`, checked by the server's own schema (its paths are the form's keys). */
async function loadSchema(): Promise<z.ZodType<OrderCreateInput>> {
  const [{ z: zod }, { orderCreateSchema }] = await Promise.all([import('zod'), import('../../../shared/api/orders')]);
  return zod
    .record(zod.string(), zod.string())
    .transform((values) => ({ ref: values.ref, address: Object.fromEntries(KEYS.map((key) => [key, values[`address.${key}`] ?? ''])) }) as OrderCreateInput)
    .pipe(orderCreateSchema) as unknown as z.ZodType<OrderCreateInput>;
}

function NewOrderForm() {
  const { user } = useAuth();
  const countries = useCountries();
  const navigate = useNavigate();
  const initialValues = useMemo(() => {
    const values = { ref: '' } as Values;
    for (const key of KEYS) {
      const value = user?.[key as keyof typeof user];
      values[`address.${key}`] = value === null || value === undefined ? '' : String(value);
    }
    return values;
  }, [user]);
  const form = useZodForm({
    schema: loadSchema,
    initialValues,
    onSubmit: async (input: OrderCreateInput) => {
      const order = await createOrder({ ref: input.ref ?? '', address: input.address });
      await navigate(route('create.items', { id: order.id }));
    },
  });
  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={form.handleSubmit} sx={{ p: { xs: 2, sm: 3 } }} aria-labelledby="new-order-heading">
      <Typography variant="h3" component="h2" id="new-order-heading">
        Start a new order
      </Typography>
      <TextInput {...form.field('ref', 'Your own reference, e.g. a job number or client name: it appears on the order and invoice.')} label="Your reference" />
      <Typography variant="h4" component="h3" sx={{ mt: 2 }}>
        Deliver to
      </Typography>
      <Typography variant="body2" color="text.secondary">
        From your profile; change anything for this order.
      </Typography>
      <Grid container columnSpacing={2}>
        {ADDRESS_FIELDS.map((row) => (
          <Grid key={row.name} size={{ xs: 12, sm: row.sm }}>
            <TextInput {...form.field(row.name)} label={row.label} type={'type' in row ? row.type : undefined} required={'required' in row} autoComplete={`shipping ${row.autoComplete}`} />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>
          <CountrySelect binding={form.field('address.country_id')} countries={countries} />
        </Grid>
      </Grid>
      <FormAlerts error={form.formError} />
      <SubmitButton submitting={form.submitting}>Start order</SubmitButton>
    </Paper>
  );
}

function Baskets() {
  const baskets = useOrders({ status: 'basket', per_page: 50 });
  const discard = useDiscardOrder();
  const [discarding, setDiscarding] = useState<OrderSummary | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (baskets.isPending) return <Loading label="Loading your baskets…" />;
  if (baskets.isError) return <LoadFailed what="Your baskets" error={baskets.error} onRetry={() => void baskets.refetch()} />;
  const rows = baskets.data.data;
  return (
    <section aria-labelledby="baskets-heading">
      <Typography variant="h3" component="h2" id="baskets-heading" sx={{ mb: 1 }}>
        Your baskets
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">You have no orders in progress. Start one with the form.</Typography>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="baskets-heading">
            <TableHead>
              <TableRow>
                <TableCell>Reference</TableCell>
                <TableCell align="right">Items</TableCell>
                <TableCell align="right">Value so far</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Started</TableCell>
                <TableCell>
                  <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
                    Actions
                  </span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((basket) => (
                <TableRow key={basket.id}>
                  <TableCell>{basket.ref || `Basket ${basket.id}`}</TableCell>
                  <TableCell align="right">{basket.item_count}</TableCell>
                  <TableCell align="right">{basket.value === null ? '—' : formatPence(basket.value)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{formatDay(basket.created_at.slice(0, 10))}</TableCell>
                  <TableCell>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button size="small" variant="contained" component={RouterLink} to={route('create.items', { id: basket.id })} aria-label={`Open ${basket.ref || `basket ${basket.id}`}`}>
                        Open
                      </Button>
                      <Button size="small" color="error" onClick={() => setDiscarding(basket)} aria-label={`Discard ${basket.ref || `basket ${basket.id}`}`}>
                        Discard
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <ConfirmDialog
        open={discarding !== null}
        title="Discard this basket?"
        confirmLabel="Discard basket"
        busy={discard.isPending}
        error={error}
        onClose={() => {
          setDiscarding(null);
          setError(null);
        }}
        onConfirm={() => {
          if (!discarding) return;
          discard.mutate(discarding.id, {
            onSuccess: () => {
              setDiscarding(null);
              setError(null);
            },
            onError: (failure) => setError(errorText(failure)),
          });
        }}
      >
        {discarding && `“${discarding.ref || `Basket ${discarding.id}`}” and its ${discarding.item_count} item(s) and artwork will be deleted. This cannot be undone.`}
      </ConfirmDialog>
    </section>
  );
}

/** /create: the customer's baskets, and a form to start a new one. */
export default function CreatePage() {
  return (
    <PageFrame intro="Choose products, paper and quantities, upload your artwork and confirm.">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Baskets />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <NewOrderForm />
        </Grid>
      </Grid>
    </PageFrame>
  );
}
