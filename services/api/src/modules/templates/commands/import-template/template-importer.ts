import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  TEMPLATE_GROUPS,
  type ConflictResolutionStrategy,
  type QuestionData,
  type TemplateFileTemplate,
} from '@user-office/contracts';
import { badInput } from '../../../../platform/errors/app-error';
import {
  checkTemplateImport,
  importedTemplateData,
  importLookupsOf,
  missingBasis,
  planQuestionImport,
  readTemplateImport,
  remapTemplateReferences,
  type QuestionWrite,
  type TemplateImportCheck,
  type TemplateImportFacts,
  type TemplateImportFile,
} from '../../domain/template-import';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';
import { ExecuteTemplateCommand } from '../execute-template-command';

/**
 * Import of a file of getTemplateAsJson: checked against the read model first (nothing appended when a rule is
 * broken or a question that differs has no strategy); then the questions are created or replaced, the
 * sub-templates and the template created as new templates. Each step is its own stream: a concurrent change
 * between the check and the appends (a question created under one of the file's ids) can leave an import half
 * done, and is reported by the command refused.
 */
@Injectable()
export class TemplateImporter {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: TemplatesRepository,
    private readonly templates: TemplatesService,
  ) {}

  /** The file read, checked against the live questions and templates, its questions compared. */
  async check(json: string): Promise<{ check: TemplateImportCheck; facts: TemplateImportFacts }> {
    const file = readTemplateImport(json);
    const facts = await this.facts(file);
    return { check: await checkTemplateImport(file, facts), facts };
  }

  private async facts(file: TemplateImportFile): Promise<TemplateImportFacts> {
    const lookups = importLookupsOf(file);
    const [questions, holders, templates] = await Promise.all([
      this.repository.questionsByIds(lookups.questionIds),
      this.repository.questionsByNaturalKeys(lookups.naturalKeys),
      this.repository.templatesByIds(lookups.templateIds),
    ]);
    return {
      existingQuestions: new Map(questions.map((q) => [q.id, q])),
      naturalKeyHolders: new Map(holders.map((q) => [q.naturalKey, q.id])),
      liveTemplateIds: new Set(templates.map((t) => t.templateId)),
    };
  }

  /** Imports the file with the strategies chosen (by question id); returns the id of the imported template. */
  async import(json: string, resolutions: ReadonlyMap<string, ConflictResolutionStrategy>): Promise<number> {
    const { check, facts } = await this.check(json);
    if (check.errors.length > 0) throw badInput(check.errors[0], { templateAsJson: check.errors[0] });
    const template = check.template as TemplateFileTemplate;
    const plan = planQuestionImport(check.comparisons, resolutions, facts.naturalKeyHolders);
    if (plan.errors.length > 0) throw badInput(plan.errors[0], { conflictResolutions: plan.errors[0] });

    // every template of the file gets its new id first, so references between them can be remapped
    const remap = new Map<number, number>();
    for (const sub of check.subTemplates) remap.set(sub.templateId, await this.templates.nextTemplateId());
    for (const write of plan.writes) await this.writeQuestion(write, remap);
    for (const sub of check.subTemplates)
      await this.createTemplate(sub, remap.get(sub.templateId) as number, remap, plan.naturalKeys);
    const templateId = await this.templates.nextTemplateId();
    await this.createTemplate(template, templateId, remap, plan.naturalKeys);
    return templateId;
  }

  private async writeQuestion(write: QuestionWrite, remap: ReadonlyMap<number, number>): Promise<void> {
    const { id, naturalKey, question, dataType, categoryId } = write.question;
    const config = remapTemplateReferences(dataType, write.question.config, remap);
    const data: QuestionData = { questionId: id, categoryId, dataType, naturalKey, question, config };
    await this.commands.execute(
      new ExecuteTemplateCommand({
        kind: 'question',
        questionId: id,
        command:
          write.kind === 'create'
            ? { type: 'CreateQuestion', question: data }
            : { type: 'UpdateQuestion', naturalKey, question, config },
      }),
    );
  }

  private async createTemplate(
    template: TemplateFileTemplate,
    templateId: number,
    remap: ReadonlyMap<number, number>,
    naturalKeys: ReadonlyMap<string, string>,
  ): Promise<void> {
    const group = TEMPLATE_GROUPS[template.groupId];
    const basis = group.basisDataType
      ? await this.templates.ensureBasisQuestion(group.basisDataType, group.categoryId)
      : null;
    const topicIds: number[] = [];
    for (let i = 0; i < template.steps.length; i++) topicIds.push(await this.templates.nextTopicId());
    const data = importedTemplateData(
      template,
      { templateId, topicIds },
      remap,
      naturalKeys,
      basis && missingBasis(template) ? { questionId: basis.id, config: basis.config } : null,
    );
    await this.templates.onTemplate(templateId, { type: 'CreateTemplate', template: data });
  }
}
