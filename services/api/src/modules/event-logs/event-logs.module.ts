import { Module } from '@nestjs/common';
import { EventChainVerificationResolver } from './read-models/event-logs/event-chain-verification.resolver';
import { EventLogsProjection } from './read-models/event-logs/event-logs.projection';
import { EventLogsRepository } from './read-models/event-logs/event-logs.repository';
import { GetEventLogsResolver } from './read-models/event-logs/get-event-logs.resolver';

@Module({
  providers: [EventLogsProjection, EventLogsRepository, GetEventLogsResolver, EventChainVerificationResolver],
  exports: [EventLogsRepository],
})
export class EventLogsModule {}
