import Box from '@mui/material/Box';
import { BooleanInput, NumberInput, TextInput } from 'react-admin';

/** The details part of a product. The server checks every field (422 beside each input). */
export function ProductInputs() {
  return (
    <>
      <TextInput source="name" label="Name" isRequired helperText="As customers see it, e.g. Business cards 85×55mm" />
      <TextInput source="description" label="Description" multiline minRows={2} />
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%', maxWidth: 720 }}>
        <NumberInput
          source="multiplier"
          label="Items per sheet"
          isRequired
          min={1}
          step={1}
          helperText="How many fit on one printed sheet (a whole number, at least 1)"
        />
        <NumberInput
          source="weight"
          label="Weight per item (g)"
          isRequired
          min={0}
          step={0.001}
          helperText="Grams, for delivery weight (up to 3 decimal places)"
        />
      </Box>
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%', maxWidth: 720 }}>
        <NumberInput
          source="trim_width_mm"
          label="Trim width (mm)"
          isRequired
          min={10}
          max={2000}
          step={1}
          helperText="The finished width; for folded work, the flat size"
        />
        <NumberInput
          source="trim_height_mm"
          label="Trim height (mm)"
          isRequired
          min={10}
          max={2000}
          step={1}
          helperText="The finished height; artwork is checked against this size"
        />
        <NumberInput source="bleed_mm" label="Bleed (mm)" isRequired min={0} max={20} step={1} helperText="Wanted beyond the trim on every side (usually 3)" />
        <NumberInput
          source="production_days"
          label="Production days"
          isRequired
          min={0}
          max={60}
          step={1}
          helperText="The default turnaround’s working days to dispatch (0 = same day); other speeds are in Turnarounds"
        />
      </Box>
      <BooleanInput source="large_item" label="Large item" helperText="Needs a large-item delivery service (e.g. posters sent flat)." />
      <BooleanInput source="restricted" label="Restricted" helperText="Only customers linked to it (their Products tab) see and order it." />
      <BooleanInput
        source="proof_required"
        label="Proof required"
        helperText="Every item gets a proof the customer approves before it is printed (charged at the Proof price setting); customers cannot turn it off."
      />
      <BooleanInput source="active" label="Active" helperText="Inactive products are hidden from customers." />
    </>
  );
}
