export { EventLogsModule } from './event-logs.module';
export { EVENT_LOGS_PROJECTION } from './read-models/event-logs/event-logs.projection';
