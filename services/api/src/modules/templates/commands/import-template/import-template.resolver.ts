import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Role, type ConflictResolutionStrategy } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { ConflictResolutionInput } from '../../../units';
import { TemplateModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplateImportWithValidationModel } from './template-import.model';
import { TemplateImporter } from './template-importer';

/** Import of a file of getTemplateAsJson: check it and compare its questions first, then import it. */
@Resolver()
export class ImportTemplateResolver {
  constructor(
    private readonly importer: TemplateImporter,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => TemplateImportWithValidationModel, {
    description:
      'Checks a template file and compares each of its questions with the existing one (NEW, SAME, ' +
      'DIFFERENT); appends nothing',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async validateTemplateImport(
    @Args('templateAsJson') templateAsJson: string,
  ): Promise<TemplateImportWithValidationModel> {
    const { check } = await this.importer.check(templateAsJson);
    return {
      json: templateAsJson,
      version: check.version ?? '',
      exportDate: check.exportDate,
      questionComparisons: check.comparisons,
      errors: check.errors,
    };
  }

  @Mutation(() => TemplateModel, {
    nullable: true,
    description:
      'Imports a template file as a new template (its sub-templates too): new questions are created, the same ' +
      'ones kept; each that differs needs USE_NEW or USE_EXISTING (by question id, in either list). Returns ' +
      'the imported template',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async importTemplate(
    @Args('templateAsJson') templateAsJson: string,
    @Args('conflictResolutions', { type: () => [ConflictResolutionInput] })
    conflictResolutions: ConflictResolutionInput[],
    @Args('subTemplatesConflictResolutions', { type: () => [ConflictResolutionInput], nullable: true })
    subTemplatesConflictResolutions?: ConflictResolutionInput[] | null,
  ): Promise<TemplateModel | null> {
    const resolutions = new Map<string, ConflictResolutionStrategy>();
    for (const r of [...conflictResolutions, ...(subTemplatesConflictResolutions ?? [])]) {
      const itemId = r.itemId.trim();
      if (!resolutions.has(itemId)) resolutions.set(itemId, r.strategy);
    }
    const templateId = await this.importer.import(templateAsJson, resolutions);
    return this.repository.template(templateId);
  }
}
