import { StaffSimpleForm } from '../common/StaffForm';
import { RecordTitle } from '../common/StaffTitle';
import type { RoutedTab } from '../common/RoutedTabs';
import { SaveDeleteToolbar } from '../common/SaveDeleteToolbar';
import { TabbedEdit } from '../common/TabbedEdit';
import { ProductInputs } from './ProductInputs';
import { ProductStockTab } from './ProductStockTab';
import { OptionsPart } from './choices/OptionsPart';
import { TurnaroundsPart } from './choices/TurnaroundsPart';

function DetailsToolbar() {
  return (
    <SaveDeleteToolbar
      confirmTitle="Delete this product?"
      confirmContent="Its stock links, margins and customer discounts go with it. To stop selling it but keep its history, mark it inactive instead."
    />
  );
}

const TABS: readonly RoutedTab[] = [
  {
    path: '',
    label: 'Details',
    content: (
      <StaffSimpleForm toolbar={<DetailsToolbar />} sx={{ maxWidth: 760 }}>
        <ProductInputs />
      </StaffSimpleForm>
    ),
  },
  { path: 'stock', label: 'Stock', content: <ProductStockTab /> },
  { path: 'options', label: 'Options', content: <OptionsPart /> },
  { path: 'turnarounds', label: 'Turnarounds', content: <TurnaroundsPart /> },
];

/** /admin/products/{id} (admin.products.view): details, stock, options and turnarounds parts. */
export function ProductEdit() {
  return <TabbedEdit title={<RecordTitle page="Products" />} label="Parts of this product" tabs={TABS} />;
}
