export { StatusActionsModule } from './status-actions.module';
export { STATUS_ACTIONS_LOGS_PROJECTION } from './read-models/status-actions-logs/status-actions-logs.projection';
