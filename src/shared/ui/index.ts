export { SettingText, type SettingTextProps } from './SettingText';
export { LoadingIndicator } from './LoadingIndicator';
export { DashboardTile, type DashboardTileProps } from './DashboardTile';
