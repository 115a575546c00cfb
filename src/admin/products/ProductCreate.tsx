import { CheckboxGroupInput, Create, ReferenceArrayInput } from 'react-admin';
import { StaffSimpleForm } from '../common/StaffForm';
import { StaffTitle } from '../common/StaffTitle';
import { ProductInputs } from './ProductInputs';

const DEFAULTS = {
  name: '',
  description: '',
  multiplier: 1,
  weight: 0,
  large_item: false,
  restricted: false,
  active: true,
  stock_ids: [],
  bleed_mm: 3,
  production_days: 2,
};

/** /admin/products/create: details, and the stocks it is made on. */
export function ProductCreate() {
  return (
    <Create title={<StaffTitle page="Products" record="Add a product" />} redirect="edit">
      <StaffSimpleForm defaultValues={DEFAULTS} sx={{ maxWidth: 760 }}>
        <ProductInputs />
        <ReferenceArrayInput source="stock_ids" reference="stock" sort={{ field: 'sort_order', order: 'ASC' }} perPage={200}>
          <CheckboxGroupInput label="Made on" optionText="name" row={false} helperText="Quantity breaks and margins are set per stock afterwards." />
        </ReferenceArrayInput>
      </StaffSimpleForm>
    </Create>
  );
}
