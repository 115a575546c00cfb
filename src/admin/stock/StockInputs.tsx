import Box from '@mui/material/Box';
import { BooleanInput, TextInput } from 'react-admin';

const COST_HELP = 'Pounds per printed sheet, up to 4 decimal places (e.g. 0.0450)';

/** The details part of a stock: name, type, the three costs per sheet, active. The server checks them (422 beside each input). */
export function StockInputs() {
  return (
    <>
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, width: '100%', maxWidth: 720 }}>
        <TextInput source="name" label="Name" isRequired helperText="e.g. 350gsm Silk" />
        <TextInput source="type" label="Type" helperText="Finish, e.g. Silk, Matt, Gloss" />
      </Box>
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, width: '100%', maxWidth: 720 }}>
        <TextInput source="sheet_cost" label="Sheet cost (£)" isRequired helperText={COST_HELP} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextInput
          source="single_cost"
          label="Single-sided print (£)"
          isRequired
          helperText="Printing one side of a sheet"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextInput
          source="double_cost"
          label="Double-sided print (£)"
          isRequired
          helperText="Printing both sides of a sheet"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      <BooleanInput source="active" label="Active" helperText="Inactive stock is hidden from customers' price lists and orders." />
    </>
  );
}
