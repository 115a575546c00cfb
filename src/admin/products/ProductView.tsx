import { Create, Edit, ReferenceArrayInput, CheckboxGroupInput, SimpleForm, useCreatePath, useRecordContext } from 'react-admin';
import { SaveDeleteToolbar } from '../common/SaveDeleteToolbar';
import type { ProductRecord } from '../../shared/api';
import { RoutedTabs, type RoutedTab } from '../common/RoutedTabs';
import { ProductInputs } from './ProductInputs';
import { StockPart } from './StockPart';

function ProductTitle() {
  const product = useRecordContext<ProductRecord>();
  return <span>{product ? `Product: ${product.name}` : 'Product'}</span>;
}

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
      <SimpleForm toolbar={<DetailsToolbar />} sx={{ maxWidth: 760 }}>
        <ProductInputs />
      </SimpleForm>
    ),
  },
  { path: 'stock', label: 'Stock', content: <StockPart /> },
];

function ProductTabs() {
  const product = useRecordContext<ProductRecord>();
  const createPath = useCreatePath();
  if (!product) return null;
  return <RoutedTabs label="Parts of this product" base={createPath({ type: 'edit', resource: 'products', id: product.id })} tabs={TABS} />;
}

/** /admin/products/{id} (admin.products.view): details and stock parts. */
export function ProductView() {
  return (
    <Edit title={<ProductTitle />} mutationMode="pessimistic" redirect={false} actions={false} sx={{ '& .RaEdit-card': { minWidth: 0 } }}>
      <ProductTabs />
    </Edit>
  );
}

const DEFAULTS = { name: '', description: '', multiplier: 1, weight: 0, large_item: false, restricted: false, active: true, stock_ids: [] };

/** /admin/products/create: details, and the stocks it is made on. */
export function ProductCreate() {
  return (
    <Create title="Add a product" redirect="edit">
      <SimpleForm defaultValues={DEFAULTS} sx={{ maxWidth: 760 }}>
        <ProductInputs />
        <ReferenceArrayInput source="stock_ids" reference="stock" sort={{ field: 'sort_order', order: 'ASC' }} perPage={200}>
          <CheckboxGroupInput label="Made on" optionText="name" row={false} helperText="Quantity breaks and margins are set per stock afterwards." />
        </ReferenceArrayInput>
      </SimpleForm>
    </Create>
  );
}
