import SettingsIcon from '@mui/icons-material/Settings';
import { lazyScreen } from '../common/lazyScreen';
import { settingLabelOf } from './settingLabels';

/** The settings resource: list at /admin/settings, view and edit at /admin/settings/{id}; none is added or deleted here. */
export default {
  list: lazyScreen(
    () => import('./SettingList'),
    (m) => m.SettingList,
  ),
  edit: lazyScreen(
    () => import('./SettingEdit'),
    (m) => m.SettingEdit,
  ),
  icon: SettingsIcon,
  recordRepresentation: settingLabelOf,
};
