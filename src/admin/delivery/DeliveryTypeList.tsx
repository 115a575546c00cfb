import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { CreateButton, DataTable, List, SimpleList, TopToolbar, FilterButton } from 'react-admin';
import type { DeliveryTypeRecord } from '../../shared/api';
import { ActiveChip } from '../catalogue/fields';
import { EmptyState } from '../common/EmptyState';
import { StaffPagination } from '../common/StaffPagination';
import { StaffTitle } from '../common/StaffTitle';
import { carrierLabel, transitText } from './carriers';
import { deliveryFilters } from './deliveryFilters';

const Column = DataTable.Col<DeliveryTypeRecord>;

const bandsText = (n: number) => (n === 0 ? 'No bands' : `${n} band${n === 1 ? '' : 's'}`);

/** A type without weight bands is never offered: said in words, not only by a number. */
function Bands({ type }: { type: DeliveryTypeRecord }) {
  if (type.band_count > 0) return <>{type.band_count}</>;
  return <Chip size="small" variant="outlined" label="None: not offered" sx={{ borderColor: 'warning.main', color: 'text.primary' }} />;
}

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="Add a delivery type" />
    </TopToolbar>
  );
}

const Empty = () => (
  <EmptyState title="No delivery types yet">
    Delivery types are the services customers choose from at checkout (Royal Mail 24, a courier, collection…), each with the countries it serves and its price
    per weight band. Add the first with “Add a delivery type”.
  </EmptyState>
);

/** /admin/delivery (admin.delivery.index): the delivery services in the printer's order, filtered by carrier and whether offered. */
export function DeliveryTypeList() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={deliveryFilters}
      actions={<Actions />}
      sort={{ field: 'sort_order', order: 'ASC' }}
      perPage={25}
      pagination={<StaffPagination />}
      title={<StaffTitle page="Delivery" />}
      empty={<Empty />}
      exporter={false}
    >
      {narrow ? (
        <SimpleList<DeliveryTypeRecord>
          primaryText={(t) => t.name}
          secondaryText={(t) =>
            [
              t.code,
              carrierLabel(t.carrier),
              transitText(t.transit_days),
              bandsText(t.band_count),
              t.large_item ? 'Large items' : '',
              t.active ? '' : 'Inactive',
            ]
              .filter(Boolean)
              .join(' · ')
          }
          rowClick="edit"
          rowSx={() => ({ '& .MuiListItemText-secondary': { overflowWrap: 'anywhere' } })}
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <Column source="name" label="Name" />
          <Column source="code" label="Service code" />
          <Column source="carrier" label="Carrier" render={(t) => carrierLabel(t.carrier)} />
          <Column source="large_item" label="Large items" render={(t) => (t.large_item ? 'Yes' : 'No')} />
          <Column source="transit_days" label="Transit" render={(t) => transitText(t.transit_days)} sx={{ whiteSpace: 'nowrap' }} />
          <Column source="band_count" label="Weight bands" disableSort align="right" render={(t) => <Bands type={t} />} />
          <Column source="country_ids" label="Countries" disableSort align="right" render={(t) => t.country_ids.length} />
          <Column source="active" label="Status" field={ActiveChip} />
        </DataTable>
      )}
    </List>
  );
}
