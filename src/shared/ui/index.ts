export { SettingText, type SettingTextProps } from './SettingText';
export { SettingValue, useSettingText } from './useSettingText';
export { LoadingIndicator } from './LoadingIndicator';
export { Spinner } from './Spinner';
export { DashboardTile, type DashboardTileProps } from './DashboardTile';
