export { LoadingIndicator } from './LoadingIndicator';
export { Spinner } from './Spinner';
export { DashboardTile, type DashboardTileProps } from './DashboardTile';
