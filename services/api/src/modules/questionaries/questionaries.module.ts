import { Module, type OnModuleInit } from '@nestjs/common';
import { FileAccessRules, FilesModule } from '../files';
import { TemplateUsage, TemplatesModule } from '../templates';
import { AnswerTopicResolver } from './commands/answer-topic/answer-topic.resolver';
import { CreateQuestionaryResolver } from './commands/create-questionary/create-questionary.resolver';
import {
  ExecuteQuestionaryCommandHandler,
  ExecuteQuestionaryCommandsHandler,
} from './commands/execute-questionary-command';
import { QuestionaryOwners } from './questionary-owners';
import { QuestionariesService } from './questionaries.service';
import { GetQuestionaryResolver } from './read-models/questionaries/get-questionary.resolver';
import { QuestionariesProjection } from './read-models/questionaries/questionaries.projection';
import { QuestionariesRepository } from './read-models/questionaries/questionaries.repository';

/** Questionaries: templates being filled in, step by step, validated on the server (§3, §4 Wizard, §7). */
@Module({
  imports: [TemplatesModule, FilesModule],
  providers: [
    QuestionariesProjection,
    QuestionariesRepository,
    QuestionaryOwners,
    QuestionariesService,
    ExecuteQuestionaryCommandHandler,
    ExecuteQuestionaryCommandsHandler,
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
    private readonly owners: QuestionaryOwners,
    private readonly fileAccess: FileAccessRules,
  ) {}

  onModuleInit(): void {
    this.usage.register('questionaryCount', (ids) => this.repository.countByTemplate(ids));
    // a file attached to an answer may be seen by whoever may read that questionary
    this.fileAccess.register(async (session, fileId) => {
      for (const questionaryId of await this.repository.referencingFile(fileId)) {
        const record = await this.repository.record(questionaryId);
        if (record && (await this.owners.mayAccess(session, record, 'read'))) return true;
      }
      return undefined;
    });
  }
}
