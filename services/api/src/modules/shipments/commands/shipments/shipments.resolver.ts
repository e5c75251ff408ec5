import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { ShipmentModel } from '../../read-models/shipments/shipment.model';
import { ShipmentsService } from '../../shipments.service';

const DECLARERS = [Role.USER, Role.USER_OFFICER] as const;

/** Declare shipments (§4): the proposal's members (and the user office) while a draft; staff receive them. */
@Resolver()
export class ShipmentsResolver {
  constructor(private readonly service: ShipmentsService) {}

  @Mutation(() => ShipmentModel, {
    description:
      'Declares a shipment of a proposal (accepted, decision submitted), optionally for an experiment',
  })
  @RequiresFeature(FeatureId.SHIPPING)
  @RolesAllowed(...DECLARERS)
  createShipment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('title', { type: () => String, nullable: true }) title: string | null,
    @Args('proposalPk', { type: () => Int, nullable: true }) proposalPk: number | null,
    @Args('experimentPk', { type: () => Int, nullable: true }) experimentPk: number | null,
  ): Promise<ShipmentModel> {
    return this.service.create(session, { title, proposalPk, experimentPk });
  }

  @Mutation(() => ShipmentModel, { description: 'Renames a draft shipment (it stays with its proposal)' })
  @RequiresFeature(FeatureId.SHIPPING)
  @RolesAllowed(...DECLARERS)
  updateShipment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('title', { type: () => String, nullable: true }) title: string | null,
    @Args('shipmentId', { type: () => Int }) shipmentId: number,
    @Args('proposalPk', { type: () => Int, nullable: true }) proposalPk: number | null,
  ): Promise<ShipmentModel> {
    return this.service.update(session, { shipmentId, title, proposalPk });
  }

  @Mutation(() => ShipmentModel, {
    description: "Sets the draft shipment's samples to sampleIds (samples of its proposal)",
  })
  @RequiresFeature(FeatureId.SHIPPING)
  @RolesAllowed(...DECLARERS)
  addSamplesToShipment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('shipmentId', { type: () => Int }) shipmentId: number,
    @Args('sampleIds', { type: () => [Int] }) sampleIds: number[],
  ): Promise<ShipmentModel> {
    return this.service.setSamples(session, { shipmentId, sampleIds });
  }

  @Mutation(() => ShipmentModel, {
    description: 'Submits a complete declaration; it can then no longer change',
  })
  @RequiresFeature(FeatureId.SHIPPING)
  @RolesAllowed(...DECLARERS)
  submitShipment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('shipmentId', { type: () => Int }) shipmentId: number,
  ): Promise<ShipmentModel> {
    return this.service.submit(session, shipmentId);
  }

  @Mutation(() => ShipmentModel, {
    description: 'Deletes a shipment (members: a draft; the user office: any)',
  })
  @RequiresFeature(FeatureId.SHIPPING)
  @RolesAllowed(...DECLARERS)
  deleteShipment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('shipmentId', { type: () => Int }) shipmentId: number,
  ): Promise<ShipmentModel> {
    return this.service.delete(session, shipmentId);
  }

  @Mutation(() => ShipmentModel, {
    description: 'Records a submitted shipment as received by the facility (the user office; once)',
  })
  @RequiresFeature(FeatureId.SHIPPING)
  @RolesAllowed(Role.USER_OFFICER)
  markShipmentReceived(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('shipmentId', { type: () => Int }) shipmentId: number,
  ): Promise<ShipmentModel> {
    return this.service.markReceived(session, shipmentId);
  }
}
