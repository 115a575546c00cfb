import Typography from '@mui/material/Typography';
import { Create } from 'react-admin';
import { StaffSimpleForm } from '../common/StaffForm';
import { StaffTitle } from '../common/StaffTitle';
import { DeliveryTypeInputs } from './DeliveryTypeInputs';

const DEFAULTS = { name: '', code: '', carrier: 'royalmail', transit_days: 1, large_item: false, active: true, country_ids: [] };

/** /admin/delivery/create: the details; saving leads to the new type's prices part, to add its weight bands. */
export function DeliveryTypeCreate() {
  return (
    <Create title={<StaffTitle page="Delivery" record="Add a delivery type" />} redirect={(_resource, id) => `delivery/${id}/prices`}>
      <StaffSimpleForm defaultValues={DEFAULTS} sx={{ maxWidth: 760 }}>
        <DeliveryTypeInputs />
        <Typography variant="body2" color="text.secondary">
          Its prices per weight band are added next: a service without any is not offered.
        </Typography>
      </StaffSimpleForm>
    </Create>
  );
}
