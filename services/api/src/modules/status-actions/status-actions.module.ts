import { TechnicalReviewsModule } from '../technical-reviews';
import { Module } from '@nestjs/common';
import { CallsModule } from '../calls';
import { ExperimentsModule } from '../experiments';
import { InstrumentsModule } from '../instruments';
import { FapsModule } from '../faps';
import { InstitutionsModule } from '../institutions';
import { NotificationsModule } from '../notifications';
import { ProposalsModule } from '../proposals';
import { SettingsModule } from '../settings';
import { UsersModule } from '../users';
import { WorkflowsModule } from '../workflows';
import { ExecuteStatusActionsLogCommandHandler } from './commands/execute-status-actions-log-command';
import { ReplayStatusActionsLogResolver } from './commands/replay-status-actions-log/replay-status-actions-log.resolver';
import { RecipientsResolver } from './email/recipients.resolver';
import { StatusActionEmails } from './email/status-action-emails';
import { CombinedEmailBatches } from './jobs/combined-email-batches';
import { StatusActionsRunner } from './jobs/status-actions.runner';
import { StatusActionsScheduler } from './jobs/status-actions.scheduler';
import { AmqpPublisher } from './rabbitmq/amqp-publisher';
import { StatusActionMessages } from './rabbitmq/status-action-messages';
import { CompatibleMessages } from './downstream/compatible-messages.service';
import { DownstreamMessagesRunner } from './downstream/downstream-messages.runner';
import { PublishedMessages } from './downstream/published-messages';
import { PublishDownstreamMessagesOnEventsReaction } from './reactions/publish-downstream-messages-on-events.reaction';
import { RunStatusActionOnReplayRequestedReaction } from './reactions/run-status-action-on-replay-requested.reaction';
import { RunStatusActionsOnExperimentStatusChangedReaction } from './reactions/run-status-actions-on-experiment-status-changed.reaction';
import { RunStatusActionsOnProposalStatusChangedReaction } from './reactions/run-status-actions-on-proposal-status-changed.reaction';
import { DownstreamMessagesProjection } from './read-models/downstream-messages/downstream-messages.projection';
import { DownstreamMessagesRepository } from './read-models/downstream-messages/downstream-messages.repository';
import { GetDownstreamMessagesResolver } from './read-models/downstream-messages/get-downstream-messages.resolver';
import { GetStatusActionsLogsResolver } from './read-models/status-actions-logs/get-status-actions-logs.resolver';
import { StatusActionsLogsProjection } from './read-models/status-actions-logs/status-actions-logs.projection';
import { StatusActionsLogsRepository } from './read-models/status-actions-logs/status-actions-logs.repository';

/**
 * Status actions (§3, §7 "Workflows and status actions", ARCHITECTURE §4): the e-mails and RabbitMQ messages a
 * workflow connection sends when a proposal reaches its status, as jobs with deterministic ids; their log
 * (getStatusActionsLogs) and replay (replayStatusActionsLog); the compatible messages owed without a status action
 * (the deletions, the feed) and their outcome (getDownstreamMessages).
 */
@Module({
  imports: [
    CallsModule,
    ExperimentsModule,
    FapsModule,
    InstitutionsModule,
    InstrumentsModule,
    NotificationsModule,
    ProposalsModule,
    SettingsModule,
    TechnicalReviewsModule,
    UsersModule,
    WorkflowsModule,
  ],
  providers: [
    AmqpPublisher,
    CompatibleMessages,
    PublishedMessages,
    DownstreamMessagesRunner,
    PublishDownstreamMessagesOnEventsReaction,
    RecipientsResolver,
    StatusActionEmails,
    StatusActionMessages,
    StatusActionsScheduler,
    CombinedEmailBatches,
    StatusActionsRunner,
    RunStatusActionsOnProposalStatusChangedReaction,
    RunStatusActionsOnExperimentStatusChangedReaction,
    RunStatusActionOnReplayRequestedReaction,
    StatusActionsLogsProjection,
    StatusActionsLogsRepository,
    GetStatusActionsLogsResolver,
    DownstreamMessagesProjection,
    DownstreamMessagesRepository,
    GetDownstreamMessagesResolver,
    ExecuteStatusActionsLogCommandHandler,
    ReplayStatusActionsLogResolver,
  ],
  exports: [StatusActionsLogsRepository],
})
export class StatusActionsModule {}
