import { Module } from '@nestjs/common';
import type { SqlClient } from '../../platform/database/sql-client';
import type { MongoReadModels } from '../../platform/read-models-mongo/mongo-read-models';
import { MONGO_READ_MODELS, SQL_CLIENT } from '../../platform/tokens';
import { EventChainVerificationResolver } from './read-models/event-logs/event-chain-verification.resolver';
import {
  EventLogsMongoProjection,
  MongoEventLogsRepository,
} from './read-models/event-logs/event-logs.mongo';
import { EventLogsProjection } from './read-models/event-logs/event-logs.projection';
import { EventLogsRepository, SqlEventLogsRepository } from './read-models/event-logs/event-logs.repository';
import { GetEventLogsResolver } from './read-models/event-logs/get-event-logs.resolver';

@Module({
  providers: [
    EventLogsProjection,
    EventLogsMongoProjection,
    {
      // READ_MODELS_MONGO_URL: the event logs live in MongoDB (the Mongo projection replaces the relational one)
      provide: EventLogsRepository,
      inject: [SQL_CLIENT, MONGO_READ_MODELS],
      useFactory: (sql: SqlClient, mongo: MongoReadModels | null): EventLogsRepository =>
        mongo ? new MongoEventLogsRepository(mongo) : new SqlEventLogsRepository(sql),
    },
    GetEventLogsResolver,
    EventChainVerificationResolver,
  ],
  exports: [EventLogsRepository],
})
export class EventLogsModule {}
