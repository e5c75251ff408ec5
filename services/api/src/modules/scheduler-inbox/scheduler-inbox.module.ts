import { Module } from '@nestjs/common';
import { ExperimentsModule } from '../experiments';
import { SettingsModule } from '../settings';
import { SchedulerConsumer } from './scheduler-consumer';
import { SchedulerInbox } from './scheduler-inbox.repository';

/**
 * The scheduler's messages in (issue 31): the booking messages of the scheduler's RabbitMQ exchange become the
 * experiments' idempotent scheduler commands. See docs/downstream-rabbitmq.md.
 */
@Module({
  imports: [ExperimentsModule, SettingsModule],
  providers: [SchedulerInbox, SchedulerConsumer],
  exports: [SchedulerConsumer],
})
export class SchedulerInboxModule {}
