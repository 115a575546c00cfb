import Typography from '@mui/material/Typography';
import { Edit, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import type { AdminSetting } from '../../shared/api';
import { SettingInputs } from './SettingInputs';

function SettingTitle() {
  const setting = useRecordContext<AdminSetting>();
  return <span>{setting ? `Setting ${setting.name}` : 'Setting'}</span>;
}

function SettingHeading() {
  const setting = useRecordContext<AdminSetting>();
  if (!setting) return null;
  return (
    <Typography variant="h2" component="h2" sx={{ fontFamily: 'monospace', mb: 1, overflowWrap: 'anywhere' }}>
      {setting.name}
    </Typography>
  );
}

/** Settings are neither created nor deleted here: only saved. */
const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** /admin/settings/{id} (admin.settings.view): view and edit one setting, with its public flag. */
export function SettingEdit() {
  return (
    <Edit title={<SettingTitle />} mutationMode="pessimistic" actions={false} redirect="list">
      <SimpleForm toolbar={<SaveOnly />} sx={{ maxWidth: 760 }}>
        <SettingHeading />
        <SettingInputs />
      </SimpleForm>
    </Edit>
  );
}
