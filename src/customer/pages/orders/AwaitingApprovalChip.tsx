import Chip from '@mui/material/Chip';

/**
 * A confirmed order with a proof the customer has not approved yet: nothing is printed until they do.
 * Its words wrap in a narrow column (a phone's list), rather than widening the table.
 */
export function AwaitingApprovalChip() {
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label="Waiting for your approval"
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}
