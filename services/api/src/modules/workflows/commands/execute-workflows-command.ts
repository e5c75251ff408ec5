import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { statusStreamId, workflowMessages, workflowStreamId } from '@user-office/contracts';
import { badInput } from '../../../platform/errors/app-error';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { statusDecider, type StatusCommand } from '../domain/status.decide';
import { workflowDecider, type WorkflowCommand } from '../domain/workflow.decide';
import { WORKFLOWS_PROJECTION } from '../read-models/workflows/workflows.projection';

type Outcome = { position: number | null };

/**
 * Every command on one status or workflow: load, decide (pure), append; resolves once the workflows read model
 * shows it.
 */
export class ExecuteWorkflowsCommand extends Command<Outcome> {
  constructor(
    readonly target:
      | { kind: 'status'; statusId: number; command: StatusCommand }
      | { kind: 'workflow'; workflowId: number; command: WorkflowCommand },
  ) {
    super();
  }
}

@CommandHandler(ExecuteWorkflowsCommand)
export class ExecuteWorkflowsCommandHandler implements ICommandHandler<ExecuteWorkflowsCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ target }: ExecuteWorkflowsCommand): Promise<Outcome> {
    try {
      const result =
        target.kind === 'status'
          ? await this.events.execute(statusStreamId(target.statusId), statusDecider, target.command)
          : await this.events.execute(workflowStreamId(target.workflowId), workflowDecider, target.command);
      if (!result) return { position: null };
      await this.projections.waitFor(result.position, [WORKFLOWS_PROJECTION]);
      return { position: result.position };
    } catch (error) {
      // the read model's unique index on live short codes: two officers raced for one short code
      if (
        target.kind === 'status' &&
        target.command.type === 'CreateStatus' &&
        isUniqueViolation(error, 'short_code')
      ) {
        const message = workflowMessages.shortCodeTaken(target.command.status.entityType);
        throw badInput(message, { shortCode: message });
      }
      throw error;
    }
  }
}

function isUniqueViolation(error: unknown, indexPart: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' &&
    (String(e.constraint ?? '').includes(indexPart) || String(e.message ?? '').includes(indexPart))
  );
}
