import { Create, Edit, SimpleForm, useRecordContext } from 'react-admin';
import { SaveDeleteToolbar } from '../common/SaveDeleteToolbar';
import type { StockRecord } from '../../shared/api';
import { StockInputs } from './StockInputs';

function StockTitle() {
  const stock = useRecordContext<StockRecord>();
  return <span>{stock ? `Stock: ${stock.name}` : 'Stock'}</span>;
}

/** Delete is refused (409, shown as a message) while a product is made on the stock. */
function StockToolbar() {
  const stock = useRecordContext<StockRecord>();
  const used = stock?.product_count ?? 0;
  return (
    <SaveDeleteToolbar
      confirmTitle="Delete this stock?"
      confirmContent={
          used
            ? `${used} product${used === 1 ? ' is' : 's are'} made on this stock, so it cannot be deleted. Unlink it from them first, or mark it inactive.`
            : 'It is not used by any product. This cannot be undone.'
      }
    />
  );
}

/** /admin/stock/{id} (admin.stock.view): the stock's details part. */
export function StockView() {
  return (
    <Edit title={<StockTitle />} mutationMode="pessimistic" redirect={false} actions={false}>
      <SimpleForm toolbar={<StockToolbar />} sx={{ maxWidth: 760 }}>
        <StockInputs />
      </SimpleForm>
    </Edit>
  );
}

const DEFAULTS = { name: '', type: '', sheet_cost: '', single_cost: '', double_cost: '', active: true };

/** /admin/stock/create: a new paper; it goes to the end of the printer's order. */
export function StockCreate() {
  return (
    <Create title="Add stock" redirect="edit">
      <SimpleForm defaultValues={DEFAULTS} sx={{ maxWidth: 760 }}>
        <StockInputs />
      </SimpleForm>
    </Create>
  );
}
