import Box from '@mui/material/Box';
import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { CARRIER_CHOICES } from './carriers';
import { CountriesInput } from './CountriesInput';

const TWO_COLUMNS = { display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%', maxWidth: 720 } as const;

/** The details of a delivery type, for adding and editing. The server checks every field (422 beside each input). */
export function DeliveryTypeInputs() {
  return (
    <>
      <TextInput source="name" label="Name" isRequired helperText="As customers see it at checkout, e.g. Royal Mail Tracked 24" sx={{ maxWidth: 720 }} />
      <Box sx={TWO_COLUMNS}>
        <TextInput source="code" label="Service code" isRequired helperText="The carrier's code, e.g. TPN24 (Click & Drop)" />
        <SelectInput source="carrier" label="Carrier" choices={CARRIER_CHOICES} isRequired helperText="Royal Mail services can be sent through Click & Drop" />
        <NumberInput
          source="transit_days"
          label="Transit (working days)"
          isRequired
          min={0}
          max={60}
          step={1}
          helperText="From dispatch to delivery, for the estimate (0 = same day)"
        />
      </Box>
      <BooleanInput
        source="large_item"
        label="Takes large items"
        helperText="Offered for orders with a large item (e.g. posters sent flat); such orders are offered only these."
      />
      <BooleanInput source="active" label="Active" helperText="Inactive services are not offered to customers; orders that chose one keep it." />
      <CountriesInput />
    </>
  );
}
