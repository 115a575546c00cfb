import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** What blind dispatch means, beside its checkbox (the order's and the profile's default) and on a blind order. */
export const BLIND_DISPATCH_HELP = 'The parcel carries no printer branding; a delivery note under your company goes in.';

/** A blind order says so where its delivery address is shown: the chip, and what it means. */
export function BlindDispatchNote() {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }} data-testid="blind-dispatch">
      <Chip label="Blind dispatch" color="secondary" size="small" />
      <Typography variant="body2" color="text.secondary">
        {BLIND_DISPATCH_HELP}
      </Typography>
    </Stack>
  );
}
