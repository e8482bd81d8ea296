export * from './advertisement';
export * from './catalogue';
export * from './constants';
export * from './gateway';
export * from './money';
export * from './premium';
export * from './quotation';
export * from './support';
