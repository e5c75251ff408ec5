export { SchedulerInboxModule } from './scheduler-inbox.module';
export { SchedulerConsumer, type InboxOutcome } from './scheduler-consumer';
