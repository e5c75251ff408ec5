import { Module } from '@nestjs/common';
import type { SqlClient } from '../../platform/database/sql-client';
import type { MongoReadModels } from '../../platform/read-models-mongo/mongo-read-models';
import { MONGO_READ_MODELS, SQL_CLIENT } from '../../platform/tokens';
import { GetProposalsCoreResolver } from './read-models/proposal-views/get-proposals-core.resolver';
import { ProposalViewsMongoProjection } from './read-models/proposal-views/proposal-views.mongo-projection';
import { MongoProposalViewsRepository } from './read-models/proposal-views/proposal-views.mongo-repository';
import { ProposalViewsProjection } from './read-models/proposal-views/proposal-views.projection';
import {
  ProposalViewsRepository,
  SqlProposalViewsRepository,
} from './read-models/proposal-views/proposal-views.repository';

/** The staff proposals table (§2, §3 Proposal view, §7 getProposalsCore). */
@Module({
  providers: [
    ProposalViewsProjection,
    ProposalViewsMongoProjection,
    {
      // READ_MODELS_MONGO_URL: the proposal views live in MongoDB (the Mongo projection replaces the relational one)
      provide: ProposalViewsRepository,
      inject: [SQL_CLIENT, MONGO_READ_MODELS],
      useFactory: (sql: SqlClient, mongo: MongoReadModels | null): ProposalViewsRepository =>
        mongo ? new MongoProposalViewsRepository(mongo) : new SqlProposalViewsRepository(sql),
    },
    GetProposalsCoreResolver,
  ],
  exports: [ProposalViewsRepository],
})
export class ProposalViewsModule {}
