import { Create } from 'react-admin';
import { StaffSimpleForm } from '../common/StaffForm';
import { StaffTitle } from '../common/StaffTitle';
import { StockInputs } from './StockInputs';

const DEFAULTS = { name: '', type: '', sheet_cost: '', single_cost: '', double_cost: '', active: true };

/** /admin/stock/create: a new paper; it goes to the end of the printer's order. */
export function StockCreate() {
  return (
    <Create title={<StaffTitle page="Stock" record="Add stock" />} redirect="edit">
      <StaffSimpleForm defaultValues={DEFAULTS} sx={{ maxWidth: 760 }}>
        <StockInputs />
      </StaffSimpleForm>
    </Create>
  );
}
