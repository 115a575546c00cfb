import { useState } from 'react';
import { DataTable, SimpleList, type Identifier } from 'react-admin';
import type { StaffCountry } from '../../shared/api';
import { StaffList } from '../common/StaffList';
import { ActiveToggle } from './ActiveToggle';
import { CountryEditDialog } from './CountryEditDialog';
import { countryFilters } from './countryFilters';

const Column = DataTable.Col<StaffCountry>;

/** /admin/delivery/countries (admin.delivery.countries): all countries, searchable, each switched on or off. */
export function CountryList() {
  const [editing, setEditing] = useState<number | null>(null);
  const open = (id: Identifier) => {
    setEditing(Number(id));
    return false as const; // handled here: no navigation
  };
  return (
    <>
      <StaffList
        page="Countries"
        filters={countryFilters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={50}
        actions={false}
        narrowBelow="sm"
        phone={<SimpleList<StaffCountry> primaryText={(c) => c.name} secondaryText={(c) => c.code} rightIcon={() => <ActiveToggle />} rowClick={open} />}
      >
        <DataTable rowClick={open} bulkActionButtons={false}>
          <Column source="code" label="Code" />
          <Column source="name" label="Name" />
          <Column source="active" label="Offered to customers" field={ActiveToggle} />
        </DataTable>
      </StaffList>
      <CountryEditDialog id={editing} onClose={() => setEditing(null)} />
    </>
  );
}
