import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { useId, useState, type ChangeEvent } from 'react';
import { Confirm, useRecordContext } from 'react-admin';
import { LOGO_ACCEPT, LOGO_MAX_BYTES, LOGO_MAX_WIDTH, type StaffUser } from '../../../shared/api';
import { useLogoActions } from './useLogoActions';

/**
 * The Logo tab: the customer's logo (their work is dispatched under it), with upload, replace and
 * remove. The server checks the file by its content and resizes it to at most 800 px wide.
 */
export function LogoTab() {
  const user = useRecordContext<StaffUser>();
  const inputId = useId();
  const [confirming, setConfirming] = useState(false);
  const { busy, problem, upload, remove } = useLogoActions(user?.id ?? 0);
  if (!user) return null;

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still uploads it
    if (file) upload(file);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <Typography variant="h3" component="h2" gutterBottom>
        Company logo
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          p: 2,
          mb: 2,
          minHeight: 140,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'background.default',
        }}
      >
        {user.company_logo ? (
          <Box component="img" src={user.company_logo} alt={`Logo of ${user.company_name || 'this customer'}`} sx={{ maxWidth: '100%', maxHeight: 240 }} />
        ) : (
          <Typography color="text.secondary">No logo yet.</Typography>
        )}
      </Box>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {problem}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <input id={inputId} type="file" accept={LOGO_ACCEPT} hidden onChange={chosen} disabled={busy} aria-label="Logo file" />
        <Button component="label" htmlFor={inputId} variant="contained" startIcon={<UploadIcon />} disabled={busy}>
          {user.company_logo ? 'Replace logo' : 'Upload a logo'}
        </Button>
        {user.company_logo && (
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} disabled={busy} onClick={() => setConfirming(true)}>
            Remove logo
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        PNG, JPEG, WebP or GIF, at most {LOGO_MAX_BYTES / 1024 / 1024} MB. Wider images are reduced to {LOGO_MAX_WIDTH} px wide; smaller ones are kept as they
        are.
      </Typography>
      <Confirm
        isOpen={confirming}
        title="Remove this logo?"
        content="Orders are then dispatched without a logo until a new one is uploaded."
        confirm="Remove"
        onConfirm={() => {
          setConfirming(false);
          remove();
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
