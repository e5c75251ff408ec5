export * from './common';
export * from './messages';
export * from './settings.schema';
