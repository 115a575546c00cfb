import Chip, { type ChipProps } from '@mui/material/Chip';

/** Marks an order the trade API's sandbox placed (a test key's): it is never printed, invoiced or charged. */
export function SandboxChip({ sx }: { sx?: ChipProps['sx'] } = {}) {
  return (
    <Chip size="small" variant="outlined" color="warning" label="Sandbox" title="Placed with a test API key: never printed, invoiced or charged" sx={sx} />
  );
}
