import { Module } from '@nestjs/common';
import { CloneTemplateResolver } from './commands/clone-template/clone-template.resolver';
import { CreateQuestionResolver } from './commands/create-question/create-question.resolver';
import { CreateQuestionTemplateRelationResolver } from './commands/create-question-template-relation/create-question-template-relation.resolver';
import { CreateTemplateResolver } from './commands/create-template/create-template.resolver';
import { CreateTopicResolver } from './commands/create-topic/create-topic.resolver';
import { DeleteQuestionResolver } from './commands/delete-question/delete-question.resolver';
import { DeleteQuestionTemplateRelationResolver } from './commands/delete-question-template-relation/delete-question-template-relation.resolver';
import { DeleteTemplateResolver } from './commands/delete-template/delete-template.resolver';
import { DeleteTopicResolver } from './commands/delete-topic/delete-topic.resolver';
import { ExecuteTemplateCommandHandler } from './commands/execute-template-command';
import { ImportTemplateResolver } from './commands/import-template/import-template.resolver';
import { TemplateImporter } from './commands/import-template/template-importer';
import { SetActiveTemplateResolver } from './commands/set-active-template/set-active-template.resolver';
import { UpdatePdfTemplateResolver } from './commands/update-pdf-template/update-pdf-template.resolver';
import { UpdateQuestionResolver } from './commands/update-question/update-question.resolver';
import { UpdateQuestionTemplateRelationResolver } from './commands/update-question-template-relation/update-question-template-relation.resolver';
import { UpdateQuestionTemplateRelationSettingsResolver } from './commands/update-question-template-relation-settings/update-question-template-relation-settings.resolver';
import { UpdateTemplateResolver } from './commands/update-template/update-template.resolver';
import { UpdateTopicResolver } from './commands/update-topic/update-topic.resolver';
import { UpdateTopicOrderResolver } from './commands/update-topic-order/update-topic-order.resolver';
import { DynamicOptionsFetcher } from './dynamic-options/dynamic-options.fetcher';
import { GetDynamicMultipleChoiceOptionsResolver } from './dynamic-options/get-dynamic-multiple-choice-options.resolver';
import { GetTemplateAsJsonResolver } from './read-models/template-export/get-template-as-json.resolver';
import { GetTemplatesResolver } from './read-models/templates/get-templates.resolver';
import { TemplateStructureCache } from './read-models/templates/template-structure-cache';
import { TemplatesProjection } from './read-models/templates/templates.projection';
import { TemplatesRepository } from './read-models/templates/templates.repository';
import { TemplateUsage } from './template-usage';
import { TemplatesService } from './templates.service';

/**
 * Templates, topics, questions and their placement, the active template of each group, PDF layouts, export and
 * import of templates (§3, §7).
 */
@Module({
  providers: [
    TemplateStructureCache,
    TemplatesProjection,
    TemplatesRepository,
    TemplateUsage,
    TemplatesService,
    ExecuteTemplateCommandHandler,
    GetTemplatesResolver,
    CreateTemplateResolver,
    CloneTemplateResolver,
    UpdateTemplateResolver,
    DeleteTemplateResolver,
    SetActiveTemplateResolver,
    CreateTopicResolver,
    UpdateTopicResolver,
    DeleteTopicResolver,
    UpdateTopicOrderResolver,
    CreateQuestionResolver,
    UpdateQuestionResolver,
    DeleteQuestionResolver,
    CreateQuestionTemplateRelationResolver,
    UpdateQuestionTemplateRelationResolver,
    UpdateQuestionTemplateRelationSettingsResolver,
    DeleteQuestionTemplateRelationResolver,
    UpdatePdfTemplateResolver,
    DynamicOptionsFetcher,
    GetDynamicMultipleChoiceOptionsResolver,
    GetTemplateAsJsonResolver,
    TemplateImporter,
    ImportTemplateResolver,
  ],
  exports: [TemplatesRepository, TemplateUsage, TemplatesService],
})
export class TemplatesModule {}
