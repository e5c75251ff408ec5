import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { genericTemplateStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { ProjectionsService } from '../../../platform/projections/projections.service';
import { genericTemplateDecider, type GenericTemplateCommand } from '../domain/generic-template.decide';
import { GENERIC_TEMPLATES_PROJECTION } from '../read-models/generic-templates/generic-templates.projection';

/** Every command on one sub-template item: load, decide (pure), append; resolves once the read model shows it. */
export class ExecuteGenericTemplateCommand extends Command<AppendResult | null> {
  constructor(
    readonly genericTemplateId: number,
    readonly command: GenericTemplateCommand,
  ) {
    super();
  }
}

@CommandHandler(ExecuteGenericTemplateCommand)
export class ExecuteGenericTemplateCommandHandler implements ICommandHandler<ExecuteGenericTemplateCommand> {
  constructor(
    private readonly events: EventSourcing,
    private readonly projections: ProjectionsService,
  ) {}

  async execute({ genericTemplateId, command }: ExecuteGenericTemplateCommand): Promise<AppendResult | null> {
    const result = await this.events.execute(
      genericTemplateStreamId(genericTemplateId),
      genericTemplateDecider,
      command,
    );
    if (result) await this.projections.waitFor(result.position, [GENERIC_TEMPLATES_PROJECTION]);
    return result;
  }
}
