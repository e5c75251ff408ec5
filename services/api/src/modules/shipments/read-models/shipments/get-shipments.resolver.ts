import { Args, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalReaders, ProposalsRepository } from '../../../proposals';
import { SampleModel, SamplesRepository } from '../../../samples';
import { ShipmentsService } from '../../shipments.service';
import { ShipmentModel, ShipmentProposalModel, ShipmentsFilterInput } from './shipment.model';
import { ShipmentsRepository } from './shipments.repository';

const READERS = [Role.USER, Role.USER_OFFICER] as const;

@Resolver(() => ShipmentModel)
export class GetShipmentsResolver {
  constructor(
    private readonly service: ShipmentsService,
    private readonly repository: ShipmentsRepository,
    private readonly sampleRows: SamplesRepository,
    private readonly proposals: ProposalsRepository,
    private readonly readers: ProposalReaders,
  ) {}

  @Query(() => ShipmentModel, {
    nullable: true,
    description:
      'A shipment (refused like its proposal when it does not exist or the caller may not see it; officers: null)',
  })
  @RequiresFeature(FeatureId.SHIPPING)
  @RolesAllowed(...READERS)
  async getShipment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('shipmentId', { type: () => Int }) shipmentId: number,
  ): Promise<ShipmentModel | null> {
    const shipment = await this.repository.get(shipmentId);
    // missing or not the caller's to see: refused like its proposal (officers: null when missing)
    if (!shipment || !(await this.service.mayRead(session, shipment))) return this.readers.missing(session);
    return shipment;
  }

  @Query(() => [ShipmentModel], {
    description: "Shipments, newest first (officers: all; users: their proposals')",
  })
  @RequiresFeature(FeatureId.SHIPPING)
  @RolesAllowed(...READERS)
  shipments(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('filter', { type: () => ShipmentsFilterInput, nullable: true }) filter: ShipmentsFilterInput | null,
  ): Promise<ShipmentModel[]> {
    return this.service.list(session, filter ?? {});
  }

  @ResolveField(() => [SampleModel])
  async samples(@Parent() shipment: ShipmentModel): Promise<SampleModel[]> {
    const found = await Promise.all(shipment.sampleIds.map((id) => this.sampleRows.sample(id)));
    return found.filter((s): s is NonNullable<typeof s> => s !== null && !s.deleted);
  }

  @ResolveField(() => ShipmentProposalModel, {
    nullable: true,
    description: 'the proposal (id and title) the shipment belongs to',
  })
  async proposal(@Parent() shipment: ShipmentModel): Promise<ShipmentProposalModel | null> {
    const proposal = await this.proposals.proposal(shipment.proposalPk);
    return proposal
      ? { primaryKey: proposal.primaryKey, proposalId: proposal.proposalId, title: proposal.title }
      : null;
  }
}
