export * from './change';
export * from './configuration-check';
export * from './engine';
export * from './rounding';
export * from './types';
