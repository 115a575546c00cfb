import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { CreateButton, DataTable, List, NullableBooleanInput, SearchInput, SimpleList, TopToolbar, type RaRecord } from 'react-admin';
import type { ProductRecord } from '../../shared/api';
import { ActiveChip } from '../catalogue/fields';
import { ReorderButtons } from '../catalogue/ReorderButtons';

const Column = DataTable.Col<ProductRecord>;
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or description" />,
  <NullableBooleanInput key="restricted" source="restricted" label="Restricted" trueLabel="Restricted" falseLabel="For everyone" nullLabel="All" />,
  <NullableBooleanInput key="active" source="active" label="Active" trueLabel="Active" falseLabel="Inactive" nullLabel="All" />,
];
const label = (p: RaRecord) => String(p.name ?? 'product');

/** /admin/products (admin.products.index): the products in the printer's own order, which staff can change. */
export function ProductList() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      sort={{ field: 'sort_order', order: 'ASC' }}
      perPage={100}
      title="Products"
      actions={
        <TopToolbar>
          <CreateButton label="Add a product" />
        </TopToolbar>
      }
    >
      {narrow ? (
        <SimpleList<ProductRecord>
          primaryText={(p) => p.name}
          secondaryText={(p) => `${p.multiplier} per sheet · ${p.stock_ids.length} stock${p.stock_ids.length === 1 ? '' : 's'}`}
          tertiaryText={(p) => [p.restricted ? 'Restricted' : '', p.active ? '' : 'Inactive'].filter(Boolean).join(' · ')}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <Column source="sort_order" label="Order">
            <ReorderButtons resource="products" label={label} />
          </Column>
          <Column source="name" label="Name" />
          <Column source="multiplier" label="Per sheet" align="right" />
          <Column source="weight" label="Weight (g)" disableSort align="right" />
          <Column source="stock_ids" label="Stocks" disableSort align="right" render={(p) => p.stock_ids.length} />
          <Column source="restricted" label="Who" render={(p) => (p.restricted ? <Chip size="small" label="Restricted" color="warning" variant="outlined" /> : 'Everyone')} />
          <Column source="active" label="Status" field={ActiveChip} />
        </DataTable>
      )}
    </List>
  );
}
