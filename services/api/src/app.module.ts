import { AuditModule } from './modules/audit';
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runsApi, type AppConfig } from './platform/config/app-config';
import { GraphqlPlatformModule } from './platform/graphql/graphql-platform.module';
import { PlatformModule } from './platform/platform.module';
import { ApiAccessTokensModule } from './modules/api-access-tokens';
import { AuthModule } from './modules/auth';
import { EventLogsModule } from './modules/event-logs';
import { InstitutionsModule } from './modules/institutions';
import { PageContentModule } from './modules/page-content';
import { PredefinedMessagesModule } from './modules/predefined-messages';
import { UsersModule } from './modules/users';
import { SettingsModule } from './modules/settings';
import { WorkflowsModule } from './modules/workflows';
import { UnitsModule } from './modules/units';
import { FilesModule } from './modules/files';
import { TemplatesModule } from './modules/templates';
import { QuestionariesModule } from './modules/questionaries';
import { CallsModule } from './modules/calls';
import { InstrumentsModule } from './modules/instruments';
import { ProposalsModule } from './modules/proposals';
import { TechnicalReviewsModule } from './modules/technical-reviews';
import { FapsModule } from './modules/faps';
import { ProposalViewsModule } from './modules/proposal-views';
import { GenericTemplatesModule } from './modules/generic-templates';
import { SamplesModule } from './modules/samples';
import { DownloadsModule } from './modules/downloads';
import { StatusActionsModule } from './modules/status-actions';
import { DemoSeedModule } from './modules/demo-seed';
import { InternalReviewsModule } from './modules/internal-reviews';
import { ProposalScientistCommentsModule } from './modules/proposal-scientist-comments';
import { ExperimentsModule } from './modules/experiments';
import { SchedulerInboxModule } from './modules/scheduler-inbox';
import { VisitsModule } from './modules/visits';
import { ShipmentsModule } from './modules/shipments';
import { FeedbackModule } from './modules/feedback';

/** The domain modules, in the order later issues add them. */
const DOMAIN_MODULES = [
  EventLogsModule,
  SettingsModule,
  WorkflowsModule,
  UsersModule,
  AuthModule,
  InstitutionsModule,
  ApiAccessTokensModule,
  PageContentModule,
  PredefinedMessagesModule,
  UnitsModule,
  FilesModule,
  TemplatesModule,
  QuestionariesModule,
  CallsModule,
  InstrumentsModule,
  ProposalsModule,
  ProposalViewsModule,
  TechnicalReviewsModule,
  FapsModule,
  GenericTemplatesModule,
  SamplesModule,
  DownloadsModule,
  StatusActionsModule,
  InternalReviewsModule,
  ProposalScientistCommentsModule,
  DemoSeedModule,
  ExperimentsModule,
  VisitsModule,
  ShipmentsModule,
  FeedbackModule,
  AuditModule,
  SchedulerInboxModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(config),
        CqrsModule.forRoot(),
        ...(runsApi(config) ? [GraphqlPlatformModule] : []),
        ...DOMAIN_MODULES,
      ],
    };
  }
}
