import { DataTable, NumberField, SearchInput } from 'react-admin';
import type { StockRecord } from '../../shared/api';
import { formatUnitCostText } from '../../shared/domain/pricing/format';
import { ActiveChip, Cost } from '../catalogue/fields';
import { ReorderableList } from '../catalogue/ReorderableList';

const Column = DataTable.Col<StockRecord>;
const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Name or type" />];

/** /admin/stock (admin.stock.index): the papers in the printer's own order, which staff can change. */
export function StockList() {
  return (
    <ReorderableList<StockRecord>
      title="Stock"
      createLabel="Add stock"
      filters={filters}
      secondaryText={(s) =>
        `Sheet ${formatUnitCostText(s.sheet_cost)} · single ${formatUnitCostText(s.single_cost)} · double ${formatUnitCostText(s.double_cost)}`
      }
      tertiaryText={(s) => (s.active ? '' : 'Inactive')}
    >
      <Column source="name" label="Name" />
      <Column source="type" label="Type" />
      <Column source="sheet_cost" label="Sheet" disableSort align="right" render={(s) => <Cost value={s.sheet_cost} />} />
      <Column source="single_cost" label="Single-sided" disableSort align="right" render={(s) => <Cost value={s.single_cost} />} />
      <Column source="double_cost" label="Double-sided" disableSort align="right" render={(s) => <Cost value={s.double_cost} />} />
      <Column source="product_count" label="Products" disableSort field={NumberField} align="right" />
      <Column source="active" label="Status" field={ActiveChip} />
    </ReorderableList>
  );
}
