import { useCallback, useMemo, type ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { SavedAddress } from '../../../shared/api/addresses';
import type { OrderCreateInput } from '../../../shared/api/orders';
import { useCountries } from '../../api/countries';
import { CountrySelect } from '../../components/CountrySelect';
import { Checkbox } from '../../mui-free/Checkbox';
import { BLIND_DISPATCH_HELP } from '../orders/BlindDispatchNote';
import { FormAlerts } from '../../components/FormAlerts';
import { SubmitButton } from '../../components/SubmitButton';
import { TextInput } from '../../components/TextInput';
import { useZodForm } from '../../forms/useZodForm';
import { SavedAddressPicker } from './SavedAddressPicker';

/** The delivery contact and address of an order, as the form holds them (keys as the server names its errors). */
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
type AddressKey = (typeof KEYS)[number];
type FormKey = 'ref' | `address.${AddressKey}`;
type Values = Record<FormKey, string> & { blind_dispatch: boolean };
export type OrderDetails = { ref: string; address: Required<OrderCreateInput>['address']; blind_dispatch: boolean };

/** The flat form → `{ref, address}`, checked by the server's own schema (its paths are the form's keys). */
async function loadSchema(): Promise<z.ZodType<OrderDetails>> {
  const [{ z: zod }, { orderCreateSchema }] = await Promise.all([import('zod'), import('../../../shared/api/orders')]);
  const details = orderCreateSchema.required({ address: true });
  return zod
    .record(zod.string(), zod.union([zod.string(), zod.boolean()]))
    .transform(
      (values) =>
        ({
          ref: values.ref,
          address: Object.fromEntries(KEYS.map((key) => [key, values[`address.${key}`] ?? ''])),
          blind_dispatch: values.blind_dispatch === true,
        }) as z.input<typeof details>,
    )
    .pipe(details) as unknown as z.ZodType<OrderDetails>;
}

/**
 * An order's reference, delivery contact and address, and whether it goes blind: starting a basket
 * (from the profile) and changing a basket's (from the basket) share it.
 */
export function OrderDetailsForm({
  reference,
  address,
  blindDispatch,
  submitLabel,
  onSubmit,
  children,
  extraActions,
  preselectDefault = false,
}: {
  reference: string;
  address: Partial<Record<AddressKey, string | number | null | undefined>> | null | undefined;
  /** The basket's choice, or the account's default for a new one. */
  blindDispatch: boolean;
  submitLabel: string;
  /** Sends the details; answers the words confirming success, or nothing when it navigates. */
  onSubmit: (details: OrderDetails) => Promise<string | void>;
  /** Shown above the fields (the heading and a word on where the values come from). */
  children?: ReactNode;
  /** Beside the submit button (e.g. Cancel). */
  extraActions?: ReactNode;
  /** A new order from the profile: the default saved address replaces the profile's until the customer types. */
  preselectDefault?: boolean;
}) {
  const countries = useCountries();
  const initialValues = useMemo(() => {
    const values = { ref: reference, blind_dispatch: blindDispatch } as Values;
    for (const key of KEYS) {
      const value = address?.[key];
      values[`address.${key}`] = value === null || value === undefined ? '' : String(value);
    }
    return values;
  }, [reference, address, blindDispatch]);
  const form = useZodForm({ schema: loadSchema, initialValues, onSubmit });
  const { setValue, values } = form;
  const fill = useCallback(
    (picked: SavedAddress) => {
      for (const key of KEYS) setValue(`address.${key}`, String(picked[key] ?? ''));
    },
    [setValue],
  );
  const untouched = useCallback(() => KEYS.every((key) => values[`address.${key}`] === initialValues[`address.${key}`]), [values, initialValues]);
  return (
    <form noValidate onSubmit={form.handleSubmit}>
      {children}
      <TextInput {...form.field('ref', 'Your own reference, e.g. a job number or client name: it appears on the order and invoice.')} label="Your reference" />
      <Typography variant="h4" component="h3" sx={{ mt: 2 }}>
        Deliver to
      </Typography>
      <SavedAddressPicker onPick={fill} preselectDefault={preselectDefault} untouched={untouched} />
      <Grid container columnSpacing={2}>
        {ADDRESS_FIELDS.map((row) => (
          <Grid key={row.name} size={{ xs: 12, sm: row.sm }}>
            <TextInput
              {...form.field(row.name)}
              label={row.label}
              type={'type' in row ? row.type : undefined}
              required={'required' in row}
              autoComplete={`shipping ${row.autoComplete}`}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>
          <CountrySelect binding={form.field('address.country_id')} countries={countries} />
        </Grid>
      </Grid>
      <Stack sx={{ mt: 1, mb: 1 }}>
        <Checkbox {...form.checkbox('blind_dispatch')} label="Blind dispatch" />
        <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
          {BLIND_DISPATCH_HELP}
        </Typography>
      </Stack>
      <FormAlerts error={form.formError} success={form.success} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <SubmitButton submitting={form.submitting}>{submitLabel}</SubmitButton>
        {extraActions}
      </Stack>
    </form>
  );
}
