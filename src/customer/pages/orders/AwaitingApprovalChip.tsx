import Chip from '@mui/material/Chip';

/** A confirmed order with a proof the customer has not approved yet: nothing is printed until they do. */
export function AwaitingApprovalChip() {
  return <Chip size="small" color="warning" variant="outlined" label="Waiting for your approval" />;
}
