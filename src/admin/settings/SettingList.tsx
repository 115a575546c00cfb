import { DataTable, SimpleList } from 'react-admin';
import { StaffList } from '../common/StaffList';
import { UkDateTimeField } from '../common/UkDateTimeField';
import type { StaffSetting } from '../../shared/api';
import { PublicField } from './PublicField';
import { settingFilters } from './settingFilters';
import { SettingNameField } from './SettingNameField';
import { SettingValueField } from './SettingValueField';

const Column = DataTable.Col<StaffSetting>;

/** /admin/settings: every setting by its readable label (key beside it), with its value and whether the public may read it. */
export function SettingList() {
  const phone = (
    <SimpleList<StaffSetting>
      primaryText={() => <SettingNameField />}
      secondaryText={(s) => s.value || '—'}
      tertiaryText={(s) => (s.public ? 'Public' : 'Staff only')}
      rowClick="edit"
      rowSx={() => ({ '& .MuiListItemText-secondary': { overflowWrap: 'anywhere' } })}
    />
  );
  return (
    <StaffList page="Settings" filters={settingFilters} sort={{ field: 'name', order: 'ASC' }} perPage={25} actions={false} phone={phone}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <Column source="name" label="Setting" field={SettingNameField} />
        <Column source="value" label="Value" disableSort field={SettingValueField} />
        <Column source="public" label="Readable by" field={PublicField} />
        <Column source="updated_at" label="Changed" field={UkDateTimeField} />
      </DataTable>
    </StaffList>
  );
}
