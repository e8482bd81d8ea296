export * from './definitions';
export * from './risks';
