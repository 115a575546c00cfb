import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import { BooleanInput, EditBase, SaveButton, TextInput, useNotify } from 'react-admin';
import type { StaffCountry } from '../../shared/api';
import { StaleRecordNotice } from '../common/StaleRecordNotice';
import { StaffForm } from '../common/StaffForm';

/**
 * Edits one country in place: the list is the specification's only countries screen
 * (/admin/delivery/countries), so there is no page per country.
 */
export function CountryEditDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const notify = useNotify();
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="country-edit-title">
      {id !== null && (
        <EditBase<StaffCountry>
          id={id}
          resource="delivery/countries"
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{
            onSuccess: (country) => {
              notify(`${country.name} has been saved.`, { type: 'info' });
              onClose();
            },
          }}
        >
          <StaffForm>
            <DialogTitle id="country-edit-title">Edit country</DialogTitle>
            <DialogContent>
              <StaleRecordNotice />
              <TextInput source="code" label="ISO code" disabled helperText="Fixed: ISO 3166-1 alpha-2." />
              <TextInput source="name" label="Name" isRequired helperText="As customers see it on address forms." />
              <BooleanInput source="active" label="Offered to customers" />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <SaveButton />
            </DialogActions>
          </StaffForm>
        </EditBase>
      )}
    </Dialog>
  );
}
