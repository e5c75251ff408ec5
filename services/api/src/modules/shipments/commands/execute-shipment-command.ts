import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { shipmentStreamId } from '@user-office/contracts';
import { EventSourcing } from '../../../platform/cqrs/event-sourcing';
import { StreamCommands } from '../../../platform/cqrs/stream-commands';
import type { AppendResult } from '../../../platform/event-store/event-store.port';
import { shipmentDecider, type ShipmentCommand } from '../domain/shipment.decide';
import { SHIPMENTS_PROJECTION } from '../read-models/shipments/shipments.projection';

/**
 * One command on one shipment (`shipment-<shipmentId>`). `dryRun`: decide only — asked before the declaration
 * questionary is created, so a refusal leaves none behind. Resolves once the read model shows the change.
 */
export class ExecuteShipmentCommand extends Command<AppendResult | null> {
  constructor(
    readonly command: ShipmentCommand,
    readonly dryRun = false,
  ) {
    super();
  }
}

@CommandHandler(ExecuteShipmentCommand)
export class ExecuteShipmentCommandHandler implements ICommandHandler<ExecuteShipmentCommand> {
  constructor(
    private readonly streams: StreamCommands,
    private readonly events: EventSourcing,
  ) {}

  async execute({ command, dryRun }: ExecuteShipmentCommand): Promise<AppendResult | null> {
    const streamId = shipmentStreamId(command.shipmentId);
    if (dryRun) {
      const { state } = await this.events.load(
        streamId,
        shipmentDecider.initialState,
        shipmentDecider.evolve,
      );
      shipmentDecider.decide(command, state);
      return null;
    }
    return this.streams.execute(streamId, shipmentDecider, command, [SHIPMENTS_PROJECTION]);
  }
}
