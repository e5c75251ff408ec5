import { Module, type OnModuleInit } from '@nestjs/common';
import { TemplateUsage, TemplatesModule } from '../templates';
import { WorkflowUsage, WorkflowsModule } from '../workflows';
import { CallFaps } from './call-faps';
import { CallMilestonesScheduler } from './call-milestones.scheduler';
import { CallsService } from './calls.service';
import { CreateCallResolver } from './commands/create-call/create-call.resolver';
import { DeleteCallResolver } from './commands/delete-call/delete-call.resolver';
import { ExecuteCallCommandHandler } from './commands/execute-call-command';
import { UpdateCallResolver } from './commands/update-call/update-call.resolver';
import { CallsProjection } from './read-models/calls/calls.projection';
import { CallsRepository } from './read-models/calls/calls.repository';
import { GetCallsResolver } from './read-models/calls/get-calls.resolver';

/** Calls for proposals (§3 Call, §5, §7): officers run them; users see the open ones. */
@Module({
  imports: [TemplatesModule, WorkflowsModule],
  providers: [
    CallFaps,
    CallsProjection,
    CallsRepository,
    CallsService,
    ExecuteCallCommandHandler,
    CallMilestonesScheduler,
    GetCallsResolver,
    CreateCallResolver,
    UpdateCallResolver,
    DeleteCallResolver,
  ],
  exports: [CallsRepository, CallsService, CallFaps],
})
export class CallsModule implements OnModuleInit {
  constructor(
    private readonly repository: CallsRepository,
    private readonly templateUsage: TemplateUsage,
    private readonly workflowUsage: WorkflowUsage,
  ) {}

  onModuleInit(): void {
    this.templateUsage.register('callCount', (ids) => this.repository.countTemplateUse('template_id', ids));
    this.templateUsage.register('pdfCallCount', (ids) =>
      this.repository.countTemplateUse('pdf_template_id', ids),
    );
    this.templateUsage.register('proposalESICallCount', (ids) =>
      this.repository.countTemplateUse('esi_template_id', ids),
    );
    this.workflowUsage.register((ids) => this.repository.countWorkflowUse(ids));
  }
}
