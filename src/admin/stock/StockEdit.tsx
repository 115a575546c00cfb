import { Edit, useRecordContext } from 'react-admin';
import type { StockRecord } from '../../shared/api';
import { SaveDeleteToolbar } from '../common/SaveDeleteToolbar';
import { StaffSimpleForm } from '../common/StaffForm';
import { RecordTitle } from '../common/StaffTitle';
import { StockInputs } from './StockInputs';

/** A stock a product is made on cannot be deleted (the server answers 409): the toolbar explains instead of asking. */
function StockToolbar() {
  const stock = useRecordContext<StockRecord>();
  const used = stock?.product_count ?? 0;
  return (
    <SaveDeleteToolbar
      confirmTitle={`Delete ${stock?.name ?? 'this stock'}?`}
      confirmContent="It is not used by any product. This cannot be undone."
      refusal={
        used
          ? {
              title: `${stock?.name ?? 'This stock'} cannot be deleted`,
              reason: `${used} product${used === 1 ? ' is' : 's are'} made on it. Untick it on ${used === 1 ? "that product's Stock tab" : "those products' Stock tabs"} first, or mark it inactive to hide it from customers.`,
            }
          : null
      }
    />
  );
}

/** /admin/stock/{id} (admin.stock.view): the stock's details part. */
export function StockEdit() {
  return (
    <Edit title={<RecordTitle page="Stock" />} mutationMode="pessimistic" redirect={false} actions={false}>
      <StaffSimpleForm toolbar={<StockToolbar />} sx={{ maxWidth: 760 }}>
        <StockInputs />
      </StaffSimpleForm>
    </Edit>
  );
}
