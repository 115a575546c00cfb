import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataTable, List, SimpleList } from 'react-admin';
import { UkDateField } from '../common/UkDateField';
import type { AdminSetting } from '../../shared/api';
import { PublicField } from './PublicField';
import { settingFilters } from './settingFilters';
import { SettingValueField } from './SettingValueField';

const Column = DataTable.Col<AdminSetting>;

/** /admin/settings: every setting with its value and whether the public may read it. */
export function SettingList() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={settingFilters} sort={{ field: 'name', order: 'ASC' }} perPage={25} title="Settings" actions={false}>
      {narrow ? (
        <SimpleList<AdminSetting>
          primaryText={(s) => s.name}
          secondaryText={(s) => s.value || '—'}
          tertiaryText={(s) => (s.public ? 'Public' : 'Staff only')}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <Column source="name" label="Name" />
          <Column source="value" label="Value" disableSort field={SettingValueField} />
          <Column source="public" label="Readable by" field={PublicField} />
          <Column source="updated_at" label="Changed" field={UkDateField} />
        </DataTable>
      )}
    </List>
  );
}
