import { Module, type OnModuleInit } from '@nestjs/common';
import { ExperimentsModule } from '../experiments';
import { ProposalsModule } from '../proposals';
import { QuestionariesModule, QuestionaryOwners } from '../questionaries';
import { SamplesModule } from '../samples';
import { TemplatesModule } from '../templates';
import { ExecuteShipmentCommandHandler } from './commands/execute-shipment-command';
import { ShipmentsResolver } from './commands/shipments/shipments.resolver';
import { GetShipmentsResolver } from './read-models/shipments/get-shipments.resolver';
import { ShipmentsProjection } from './read-models/shipments/shipments.projection';
import { ShipmentsRepository } from './read-models/shipments/shipments.repository';
import { ShipmentQuestionaryOwner } from './shipments.policy';
import { ShipmentsService } from './shipments.service';

/**
 * Shipments of a proposal's samples (§3, §4, §5, §7; stream `shipment-<shipmentId>`, feature SHIPPING).
 * docs/visits-shipments-feedback.md.
 */
@Module({
  imports: [ExperimentsModule, ProposalsModule, QuestionariesModule, SamplesModule, TemplatesModule],
  providers: [
    ShipmentsProjection,
    ShipmentsRepository,
    ShipmentsService,
    ExecuteShipmentCommandHandler,
    ShipmentsResolver,
    GetShipmentsResolver,
    ShipmentQuestionaryOwner,
  ],
  exports: [ShipmentsRepository],
})
export class ShipmentsModule implements OnModuleInit {
  constructor(
    private readonly owners: QuestionaryOwners,
    private readonly owner: ShipmentQuestionaryOwner,
  ) {}

  onModuleInit(): void {
    // the declaration questionary: read by the proposal's members, answered by them while a draft
    this.owners.register(this.owner);
  }
}
