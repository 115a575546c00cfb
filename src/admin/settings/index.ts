import SettingsIcon from '@mui/icons-material/Settings';
import type { AdminSetting } from '../../shared/api';
import { SettingEdit } from './SettingEdit';
import { SettingList } from './SettingList';

/** The settings resource: list at /admin/settings, view and edit at /admin/settings/{id}. */
export default {
  list: SettingList,
  edit: SettingEdit,
  icon: SettingsIcon,
  recordRepresentation: (setting: AdminSetting) => setting.name,
};
