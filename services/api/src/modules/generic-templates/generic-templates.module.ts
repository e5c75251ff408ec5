import { Module, type OnModuleInit } from '@nestjs/common';
import { ProposalsModule } from '../proposals';
import { QuestionariesModule, QuestionaryOwners } from '../questionaries';
import { TemplatesModule } from '../templates';
import { CloneGenericTemplateResolver } from './commands/clone-generic-template/clone-generic-template.resolver';
import { CreateGenericTemplateResolver } from './commands/create-generic-template/create-generic-template.resolver';
import { CreateGenericTemplateWithCopiedAnswersResolver } from './commands/create-generic-template-with-copied-answers/create-generic-template-with-copied-answers.resolver';
import { DeleteGenericTemplateResolver } from './commands/delete-generic-template/delete-generic-template.resolver';
import { ExecuteGenericTemplateCommandHandler } from './commands/execute-generic-template-command';
import { UpdateGenericTemplateResolver } from './commands/update-generic-template/update-generic-template.resolver';
import { GenericTemplatesQuestionaryOwner } from './generic-templates.policy';
import { GenericTemplatesService } from './generic-templates.service';
import {
  GenericTemplateWithQuestionaryStatusFieldsResolver,
  GetGenericTemplatesResolver,
} from './read-models/generic-templates/get-generic-templates.resolver';
import { GenericTemplatesProjection } from './read-models/generic-templates/generic-templates.projection';
import { GenericTemplatesRepository } from './read-models/generic-templates/generic-templates.repository';
import { SubTemplatePlacement } from './sub-template-placement';

/** Sub templates (§3 Generic template item, §5 Sub template answers, §7 Sub templates). */
@Module({
  imports: [ProposalsModule, QuestionariesModule, TemplatesModule],
  providers: [
    GenericTemplatesProjection,
    GenericTemplatesRepository,
    SubTemplatePlacement,
    GenericTemplatesService,
    GenericTemplatesQuestionaryOwner,
    ExecuteGenericTemplateCommandHandler,
    CreateGenericTemplateResolver,
    CreateGenericTemplateWithCopiedAnswersResolver,
    UpdateGenericTemplateResolver,
    CloneGenericTemplateResolver,
    DeleteGenericTemplateResolver,
    GetGenericTemplatesResolver,
    GenericTemplateWithQuestionaryStatusFieldsResolver,
  ],
  exports: [SubTemplatePlacement, GenericTemplatesRepository],
})
export class GenericTemplatesModule implements OnModuleInit {
  constructor(
    private readonly owners: QuestionaryOwners,
    private readonly owner: GenericTemplatesQuestionaryOwner,
  ) {}

  onModuleInit(): void {
    this.owners.register(this.owner);
  }
}
