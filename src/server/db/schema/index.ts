export * from './countries';
export * from './users';
export * from './sessions';
export * from './settings';
export * from './catalogue';
export * from './agreements';
