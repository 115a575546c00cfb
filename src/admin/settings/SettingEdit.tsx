import Typography from '@mui/material/Typography';
import { Edit, SaveButton, Toolbar, useRecordContext } from 'react-admin';
import type { StaffSetting } from '../../shared/api';
import { StaffSimpleForm } from '../common/StaffForm';
import { RecordTitle } from '../common/StaffTitle';
import { SettingInputs } from './SettingInputs';
import { settingLabelOf } from './settingLabels';

function SettingHeading() {
  const setting = useRecordContext<StaffSetting>();
  if (!setting) return null;
  return (
    <Typography variant="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
      {settingLabelOf(setting)}{' '}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {setting.name}
      </Typography>
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
    <Edit title={<RecordTitle page="Settings" />} mutationMode="pessimistic" actions={false} redirect="list">
      <StaffSimpleForm toolbar={<SaveOnly />} sx={{ maxWidth: 760 }}>
        <SettingHeading />
        <SettingInputs />
      </StaffSimpleForm>
    </Edit>
  );
}
