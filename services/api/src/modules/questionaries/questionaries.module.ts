import { Module, type OnModuleInit } from '@nestjs/common';
import { TemplateUsage, TemplatesModule } from '../templates';
import { AnswerTopicResolver } from './commands/answer-topic/answer-topic.resolver';
import { CreateQuestionaryResolver } from './commands/create-questionary/create-questionary.resolver';
import { ExecuteQuestionaryCommandHandler } from './commands/execute-questionary-command';
import { QuestionaryOwners } from './questionary-owners';
import { QuestionariesService } from './questionaries.service';
import { GetQuestionaryResolver } from './read-models/questionaries/get-questionary.resolver';
import { QuestionariesProjection } from './read-models/questionaries/questionaries.projection';
import { QuestionariesRepository } from './read-models/questionaries/questionaries.repository';

/** Questionaries: templates being filled in, step by step, validated on the server (§3, §4 Wizard, §7). */
@Module({
  imports: [TemplatesModule],
  providers: [
    QuestionariesProjection,
    QuestionariesRepository,
    QuestionaryOwners,
    QuestionariesService,
    ExecuteQuestionaryCommandHandler,
    CreateQuestionaryResolver,
    AnswerTopicResolver,
    GetQuestionaryResolver,
  ],
  exports: [QuestionariesService, QuestionariesRepository, QuestionaryOwners],
})
export class QuestionariesModule implements OnModuleInit {
  constructor(
    private readonly usage: TemplateUsage,
    private readonly repository: QuestionariesRepository,
  ) {}

  onModuleInit(): void {
    this.usage.register('questionaryCount', (ids) => this.repository.countByTemplate(ids));
  }
}
