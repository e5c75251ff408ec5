import { Module, type OnModuleInit } from '@nestjs/common';
import { GenericTemplatesModule } from '../generic-templates';
import { ProposalsModule } from '../proposals';
import { QuestionariesModule, QuestionaryOwners } from '../questionaries';
import { CloneSampleResolver } from './commands/clone-sample/clone-sample.resolver';
import { CreateSampleResolver } from './commands/create-sample/create-sample.resolver';
import { DeleteSampleResolver } from './commands/delete-sample/delete-sample.resolver';
import { ExecuteSampleCommandHandler } from './commands/execute-sample-command';
import { UpdateSampleResolver } from './commands/update-sample/update-sample.resolver';
import {
  GetSamplesResolver,
  SampleWithQuestionaryStatusFieldsResolver,
} from './read-models/samples/get-samples.resolver';
import { SamplesProjection } from './read-models/samples/samples.projection';
import { SamplesRepository } from './read-models/samples/samples.repository';
import { SamplesQuestionaryOwner } from './samples.policy';
import { SamplesService } from './samples.service';
import { SubmittedEsiSamples } from './submitted-esi-samples';

/** Samples (§3 Sample, §5 Sample declaration, §7 Samples): declared on proposals, evaluated for safety. */
@Module({
  imports: [GenericTemplatesModule, ProposalsModule, QuestionariesModule],
  providers: [
    SamplesProjection,
    SamplesRepository,
    SamplesService,
    SamplesQuestionaryOwner,
    ExecuteSampleCommandHandler,
    CreateSampleResolver,
    UpdateSampleResolver,
    CloneSampleResolver,
    DeleteSampleResolver,
    GetSamplesResolver,
    SampleWithQuestionaryStatusFieldsResolver,
    SubmittedEsiSamples,
  ],
  exports: [SamplesRepository, SamplesService, SubmittedEsiSamples],
})
export class SamplesModule implements OnModuleInit {
  constructor(
    private readonly owners: QuestionaryOwners,
    private readonly owner: SamplesQuestionaryOwner,
  ) {}

  onModuleInit(): void {
    this.owners.register(this.owner);
  }
}
