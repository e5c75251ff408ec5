import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  questionMessages,
  questionStreamId,
  templateGroupStreamId,
  templateStreamId,
} from '@user-office/contracts';
import { badInput } from '../../../platform/errors/app-error';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { activeTemplateDecider, type ActiveTemplateCommand } from '../domain/active-template.decide';
import { questionDecider, type QuestionCommand } from '../domain/question.decide';
import { templateDecider, type TemplateCommand } from '../domain/template.decide';
import { TEMPLATES_PROJECTION } from '../read-models/templates/templates.projection';

type Outcome = { position: number | null };

/**
 * Every command on one template, question or template group: load, decide (pure), append; resolves once the
 * templates read model shows it.
 */
export class ExecuteTemplateCommand extends Command<Outcome> {
  constructor(
    readonly target:
      | { kind: 'template'; templateId: number; command: TemplateCommand }
      | { kind: 'question'; questionId: string; command: QuestionCommand }
      | { kind: 'group'; groupId: string; command: ActiveTemplateCommand },
  ) {
    super();
  }
}

@CommandHandler(ExecuteTemplateCommand)
export class ExecuteTemplateCommandHandler implements ICommandHandler<ExecuteTemplateCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ target }: ExecuteTemplateCommand): Promise<Outcome> {
    try {
      return await this.run(target);
    } catch (error) {
      // the read model's unique index on live natural keys: two officers raced for one key
      if (isUniqueViolation(error, 'natural_key')) {
        throw badInput(questionMessages.naturalKeyUsed, { naturalKey: questionMessages.naturalKeyUsed });
      }
      throw error;
    }
  }

  private async run(target: ExecuteTemplateCommand['target']): Promise<Outcome> {
    const result =
      target.kind === 'template'
        ? await this.events.execute(templateStreamId(target.templateId), templateDecider, target.command)
        : target.kind === 'question'
          ? await this.events.execute(questionStreamId(target.questionId), questionDecider, target.command)
          : await this.events.execute(
              templateGroupStreamId(target.groupId),
              activeTemplateDecider,
              target.command,
            );
    if (!result) return { position: null };
    await this.projections.waitFor(result.position, [TEMPLATES_PROJECTION]);
    return { position: result.position };
  }
}

function isUniqueViolation(error: unknown, indexPart: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' &&
    (String(e.constraint ?? '').includes(indexPart) || String(e.message ?? '').includes(indexPart))
  );
}
