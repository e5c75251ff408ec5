export * from './status-action-job';
export * from './proposal-status-changed.message';
export * from './status-actions-log.schema';
