import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { CreateButton, DataTable, List, NumberField, SearchInput, SimpleList, TopToolbar, type RaRecord } from 'react-admin';
import type { StockRecord } from '../../shared/api';
import { formatUnitCostText } from '../../shared/pricing/format';
import { ActiveChip, Cost } from '../catalogue/fields';
import { ReorderButtons } from '../catalogue/ReorderButtons';

const Column = DataTable.Col<StockRecord>;
const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Name or type" />];
const label = (s: RaRecord) => String(s.name ?? 'stock');

/** /admin/stock (admin.stock.index): the papers in the printer's own order, which staff can change. */
export function StockList() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      sort={{ field: 'sort_order', order: 'ASC' }}
      perPage={100}
      title="Stock"
      actions={
        <TopToolbar>
          <CreateButton label="Add stock" />
        </TopToolbar>
      }
    >
      {narrow ? (
        <SimpleList<StockRecord>
          primaryText={(s) => s.name}
          secondaryText={(s) => `Sheet ${formatUnitCostText(s.sheet_cost)} · single ${formatUnitCostText(s.single_cost)} · double ${formatUnitCostText(s.double_cost)}`}
          tertiaryText={(s) => (s.active ? '' : 'Inactive')}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <Column source="sort_order" label="Order">
            <ReorderButtons resource="stock" label={label} />
          </Column>
          <Column source="name" label="Name" />
          <Column source="type" label="Type" />
          <Column source="sheet_cost" label="Sheet" disableSort align="right" render={(s) => <Cost value={s.sheet_cost} />} />
          <Column source="single_cost" label="Single-sided" disableSort align="right" render={(s) => <Cost value={s.single_cost} />} />
          <Column source="double_cost" label="Double-sided" disableSort align="right" render={(s) => <Cost value={s.double_cost} />} />
          <Column source="product_count" label="Products" disableSort field={NumberField} align="right" />
          <Column source="active" label="Status" field={ActiveChip} />
        </DataTable>
      )}
    </List>
  );
}
