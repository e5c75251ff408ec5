export * from './enums';
export * from './events';
export * from './features';
export * from './queues';
export * from './settings';
export * from './validation';
export * from './dev-accounts';
