import { useRecordContext } from 'react-admin';
import type { DeliveryTypeRecord } from '../../shared/api';
import { StaffSimpleForm } from '../common/StaffForm';
import { RecordTitle } from '../common/StaffTitle';
import type { RoutedTab } from '../common/RoutedTabs';
import { SaveDeleteToolbar } from '../common/SaveDeleteToolbar';
import { TabbedEdit } from '../common/TabbedEdit';
import { DeliveryTypeInputs } from './DeliveryTypeInputs';
import { DeliveryPricesTab } from './DeliveryPricesTab';

const ordersText = (n: number) => (n === 1 ? 'an order' : `${n.toLocaleString('en-GB')} orders`);

/** A type that orders chose is never deleted (the server answers 409): the button says why, and what to do instead. */
function DetailsToolbar() {
  const type = useRecordContext<DeliveryTypeRecord>();
  const used = type?.order_count ?? 0;
  return (
    <SaveDeleteToolbar
      confirmTitle="Delete this delivery type?"
      confirmContent="Its weight bands and countries go with it. To stop offering it but keep it on record, make it inactive instead."
      refusal={
        used > 0
          ? {
              title: 'This delivery type cannot be deleted',
              reason: `It is on ${ordersText(used)}. To stop offering it, switch off “Active” and save: orders that chose it keep it.`,
            }
          : null
      }
    />
  );
}

const TABS: readonly RoutedTab[] = [
  {
    path: '',
    label: 'Details',
    content: (
      <StaffSimpleForm toolbar={<DetailsToolbar />} sx={{ maxWidth: 760 }}>
        <DeliveryTypeInputs />
      </StaffSimpleForm>
    ),
  },
  { path: 'prices', label: 'Prices', content: <DeliveryPricesTab /> },
];

/** /admin/delivery/{id} (admin.delivery.view): details and prices parts. */
export function DeliveryTypeEdit() {
  return <TabbedEdit title={<RecordTitle page="Delivery" />} label="Parts of this delivery type" tabs={TABS} />;
}
