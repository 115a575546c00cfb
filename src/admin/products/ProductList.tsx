import Chip from '@mui/material/Chip';
import { DataTable, NullableBooleanInput, SearchInput } from 'react-admin';
import type { ProductRecord } from '../../shared/api';
import { ActiveChip } from '../catalogue/fields';
import { ReorderableList } from '../catalogue/ReorderableList';

const Column = DataTable.Col<ProductRecord>;
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or description" />,
  <NullableBooleanInput key="restricted" source="restricted" label="Restricted" trueLabel="Restricted" falseLabel="For everyone" nullLabel="All" />,
  <NullableBooleanInput key="active" source="active" label="Active" trueLabel="Active" falseLabel="Inactive" nullLabel="All" />,
  <NullableBooleanInput key="proof_required" source="proof_required" label="Proof" trueLabel="Proof required" falseLabel="Proof optional" nullLabel="All" />,
];

/** /admin/products (admin.products.index): the products in the printer's own order, which staff can change. */
export function ProductList() {
  return (
    <ReorderableList<ProductRecord>
      title="Products"
      createLabel="Add a product"
      filters={filters}
      secondaryText={(p) => `${p.multiplier} per sheet · ${p.stock_ids.length} stock${p.stock_ids.length === 1 ? '' : 's'}`}
      tertiaryText={(p) => [p.restricted ? 'Restricted' : '', p.proof_required ? 'Proof required' : '', p.active ? '' : 'Inactive'].filter(Boolean).join(' · ')}
    >
      <Column source="name" label="Name" />
      <Column source="multiplier" label="Per sheet" align="right" />
      <Column source="weight" label="Weight (g)" disableSort align="right" />
      <Column source="stock_ids" label="Stocks" disableSort align="right" render={(p) => p.stock_ids.length} />
      <Column
        source="restricted"
        label="Who"
        render={(p) =>
          p.restricted ? <Chip size="small" label="Restricted" variant="outlined" sx={{ borderColor: 'warning.main', color: 'text.primary' }} /> : 'Everyone'
        }
      />
      <Column
        source="proof_required"
        label="Proof"
        disableSort
        render={(p) =>
          p.proof_required ? <Chip size="small" label="Required" variant="outlined" sx={{ borderColor: 'info.main', color: 'text.primary' }} /> : 'Optional'
        }
      />
      <Column source="active" label="Status" field={ActiveChip} />
    </ReorderableList>
  );
}
