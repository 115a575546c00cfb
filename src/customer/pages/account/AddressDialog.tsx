import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { z } from 'zod';
import type { addressCreateSchema, SavedAddress } from '../../../shared/api/addresses';
import { createAddress, updateAddress } from '../../api/addresses';
import { useCountries } from '../../api/countries';
import { DELIVERY_ADDRESS_FIELDS, DeliveryAddressFields, type DeliveryAddressKey } from '../../components/DeliveryAddressFields';
import { FormAlerts } from '../../components/FormAlerts';
import { SubmitButton } from '../../components/SubmitButton';
import { useZodForm } from '../../forms/useZodForm';

type TextKey = DeliveryAddressKey;
type Values = Record<TextKey, string> & { is_default: boolean };
type Output = z.output<typeof addressCreateSchema>;

const loadSchema = () => import('../../../shared/api/addresses').then((api) => api.addressCreateSchema as unknown as z.ZodType<Output>);

function valuesOf(address: SavedAddress | null, homeCountryId: string): Values {
  const values = { is_default: address?.is_default ?? false } as Values;
  for (const { key } of DELIVERY_ADDRESS_FIELDS) values[key] = address?.[key] ?? '';
  values.country_id = address ? String(address.country_id) : homeCountryId;
  return values;
}

function AddressForm({ address, onSaved, onCancel }: { address: SavedAddress | null; onSaved: (saved: SavedAddress) => void; onCancel: () => void }) {
  const countries = useCountries();
  const home = countries.status === 'loaded' ? countries.countries.find((c) => c.code === 'GB') : undefined;
  const initialValues = useMemo(() => valuesOf(address, home ? String(home.id) : ''), [address, home]);
  const form = useZodForm({
    schema: loadSchema,
    initialValues,
    onSubmit: async (input: Output) => {
      onSaved(address ? await updateAddress(address.id, input) : await createAddress(input));
    },
  });
  return (
    // A flex column, so that with scroll="paper" the fields scroll and the buttons stay in view.
    <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <DialogContent dividers>
        <DeliveryAddressFields bind={(key) => form.field(key)} countries={countries} />
        {!address?.is_default && <FormControlLabel control={<Checkbox {...form.checkbox('is_default')} />} label="Make this my default delivery address" />}
        <FormAlerts error={form.formError} success={null} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} sx={{ mt: 2 }}>
          Cancel
        </Button>
        <SubmitButton submitting={form.submitting}>{address ? 'Save changes' : 'Save address'}</SubmitButton>
      </DialogActions>
    </Box>
  );
}

/** Adding (`address` null) or editing a saved address in a dialog; the server's message per field is shown beside it. */
export function AddressDialog({
  open,
  address,
  onClose,
  onSaved,
}: {
  open: boolean;
  address: SavedAddress | null;
  onClose: () => void;
  onSaved: (saved: SavedAddress) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="address-dialog-title" maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id="address-dialog-title">{address ? 'Edit address' : 'Add an address'}</DialogTitle>
      {open && <AddressForm address={address} onSaved={onSaved} onCancel={onClose} />}
    </Dialog>
  );
}
