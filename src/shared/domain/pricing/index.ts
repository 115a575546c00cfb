export * from './decimal';
export * from './engine';
export * from './format';
export * from './choices';
export * from './choice-names';
export * from './proof';
