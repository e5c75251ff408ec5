import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import {
  DependenciesLogicOperator,
  dependenciesSchema,
  questionType,
  Role,
  templateMessages,
  type Dependency,
} from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { notFound } from '../../../../platform/errors/app-error';
import { validateInput } from '../../../../platform/validation/validate-input';
import { FieldDependencyInput, TemplateModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';
import { parseConfig } from '../parse-config';

/** A condition parameter given as JSON (true, "option", 3); plain text is taken as it is. */
function parseParams(params: string): unknown {
  try {
    return JSON.parse(params);
  } catch {
    return params;
  }
}

@Resolver()
export class UpdateQuestionTemplateRelationSettingsResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => TemplateModel, {
    nullable: true,
    description:
      "A question's config on this template (JSON, merged over the current one) and its dependencies (AND/OR)",
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updateQuestionTemplateRelationSettings(
    @Args('templateId', { type: () => Int }) templateId: number,
    @Args('questionId') questionId: string,
    @Args('config', { nullable: true }) config?: string,
    @Args('dependencies', { type: () => [FieldDependencyInput], nullable: true })
    dependencies?: FieldDependencyInput[],
    @Args('dependenciesOperator', { type: () => DependenciesLogicOperator, nullable: true })
    dependenciesOperator?: DependenciesLogicOperator,
  ): Promise<TemplateModel | null> {
    const structure = await this.templates.existingStructure(templateId);
    const field = structure.steps.flatMap((s) => s.fields).find((f) => f.question.id === questionId);
    if (!field) throw notFound(templateMessages.questionNotOnTemplate);
    const validConfig = await validateInput(questionType(field.question.dataType).configSchema, {
      ...field.config,
      ...parseConfig(config),
    });
    const validDependencies = (await validateInput(
      dependenciesSchema,
      (
        dependencies ??
        field.dependencies.map((d) => ({
          ...d,
          condition: { ...d.condition, params: JSON.stringify(d.condition.params) },
        }))
      ).map((d) => ({
        dependencyId: d.dependencyId,
        questionId,
        dependencyNaturalKey: d.dependencyNaturalKey,
        condition: { condition: d.condition.condition, params: parseParams(String(d.condition.params)) },
      })),
    )) as Dependency[];
    await this.templates.onTemplate(templateId, {
      type: 'UpdateQuestionSettings',
      questionId,
      config: validConfig as unknown as Record<string, unknown>,
      dependencies: validDependencies,
      dependenciesOperator: dependenciesOperator ?? field.dependenciesOperator,
      questions: await this.templates.templateQuestionFacts(templateId),
    });
    return this.repository.template(templateId);
  }
}
