import { useCallback, useMemo, type ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { SavedAddress } from '../../../shared/api/addresses';
import type { OrderCreateInput } from '../../../shared/api/orders';
import { useCountries } from '../../api/countries';
import { DELIVERY_ADDRESS_FIELDS, DeliveryAddressFields, type DeliveryAddressKey } from '../../components/DeliveryAddressFields';
import { TextInput } from '../../components/TextInput';
import { Checkbox } from '../../mui-free/Checkbox';
import { BLIND_DISPATCH_HELP } from '../orders/BlindDispatchNote';
import { FormAlerts } from '../../components/FormAlerts';
import { SubmitButton } from '../../components/SubmitButton';
import { useZodForm } from '../../forms/useZodForm';
import { SavedAddressPicker } from './SavedAddressPicker';

const KEYS: readonly DeliveryAddressKey[] = [...DELIVERY_ADDRESS_FIELDS.map((row) => row.key), 'country_id'];
type AddressKey = DeliveryAddressKey;
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
      <DeliveryAddressFields bind={(key) => form.field(`address.${key}`)} countries={countries} />
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
