import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { questionaryStreamId } from '@user-office/contracts';
import { EventSourcing, type BatchOutcome } from '../../../platform/cqrs/event-sourcing';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import {
  questionaryDecider,
  type QuestionaryCommand,
  type QuestionaryState,
} from '../domain/questionary.decide';
import { QUESTIONARIES_PROJECTION } from '../read-models/questionaries/questionaries.projection';

/**
 * Every command on one questionary: load, decide (pure), append with the expected version; a concurrent save
 * of the same questionary makes the decision again on the new state (no answer is lost), and after five
 * conflicts the caller gets CONFLICT.
 */
export class ExecuteQuestionaryCommand extends Command<{
  position: number | null;
  /** the questionary as the append left it (null when nothing was decided) */
  state: QuestionaryState | null;
}> {
  constructor(
    readonly questionaryId: number,
    readonly command: QuestionaryCommand,
  ) {
    super();
  }
}

@CommandHandler(ExecuteQuestionaryCommand)
export class ExecuteQuestionaryCommandHandler implements ICommandHandler<ExecuteQuestionaryCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({
    questionaryId,
    command,
  }: ExecuteQuestionaryCommand): Promise<{ position: number | null; state: QuestionaryState | null }> {
    const result = await this.events.execute(
      questionaryStreamId(questionaryId),
      questionaryDecider,
      command,
      5,
    );
    if (!result) return { position: null, state: null };
    await this.projections.waitFor(result.position, [QUESTIONARIES_PROJECTION]);
    return { position: result.position, state: result.state ?? null };
  }
}

/** Commands on many questionaries (a bulk action creating or copying them): the shared batched path. */
export class ExecuteQuestionaryCommands extends Command<BatchOutcome> {
  constructor(readonly items: readonly { questionaryId: number; command: QuestionaryCommand }[]) {
    super();
  }
}

@CommandHandler(ExecuteQuestionaryCommands)
export class ExecuteQuestionaryCommandsHandler implements ICommandHandler<ExecuteQuestionaryCommands> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ items }: ExecuteQuestionaryCommands): Promise<BatchOutcome> {
    const outcome = await this.events.executeMany(
      questionaryDecider,
      items.map((i) => ({
        streamId: questionaryStreamId(i.questionaryId),
        command: i.command,
        label: `Questionary ${i.questionaryId}`,
      })),
      { attempts: 5 },
    );
    if (outcome.position !== null)
      await this.projections.waitFor(outcome.position, [QUESTIONARIES_PROJECTION]);
    return outcome;
  }
}
