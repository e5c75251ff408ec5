export * from './default-statuses';
export * from './status-changing-events';
export * from './email-templates';
export * from './status-actions';
export * from './advance';
