export * from './errors';
export * from './accounts';
export * from './settings';
export * from './countries';
