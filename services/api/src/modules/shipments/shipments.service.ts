import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  addSamplesToShipmentSchema,
  createShipmentSchema,
  ProposalEndStatus,
  Role,
  shipmentRuleMessages,
  TemplateGroupId,
  updateShipmentSchema,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { IdSequences } from '../../platform/database/id-sequences';
import { notFound } from '../../platform/errors/app-error';
import { validateInput } from '../../platform/validation/validate-input';
import { ExperimentsRepository } from '../experiments';
import { ProposalsRepository, ProposalsService } from '../proposals';
import { QuestionariesService } from '../questionaries';
import { SamplesRepository } from '../samples';
import { TemplatesRepository } from '../templates';
import { ExecuteShipmentCommand } from './commands/execute-shipment-command';
import type { ShipmentActor, ShipmentCommand } from './domain/shipment.decide';
import type { ShipmentModel } from './read-models/shipments/shipment.model';
import { ShipmentsRepository } from './read-models/shipments/shipments.repository';

const M = shipmentRuleMessages;

/**
 * The shipment use cases: the facts the decider needs (who the caller is to the proposal, whether it is ready,
 * the samples' proposals, completeness), the declaration questionary created only once the decider would
 * accept, then the command, then the read model.
 */
@Injectable()
export class ShipmentsService {
  constructor(
    private readonly commands: CommandBus,
    private readonly repository: ShipmentsRepository,
    private readonly experiments: ExperimentsRepository,
    private readonly ids: IdSequences,
    private readonly proposals: ProposalsRepository,
    private readonly proposalsService: ProposalsService,
    private readonly questionaries: QuestionariesService,
    private readonly samples: SamplesRepository,
    private readonly templates: TemplatesRepository,
  ) {}

  async existing(shipmentId: number): Promise<ShipmentModel> {
    const shipment = await this.repository.get(shipmentId);
    if (!shipment) throw notFound(M.notFound);
    return shipment;
  }

  /** The caller as the rules see them (null session: an API token, acting as the user office). */
  async actor(session: SessionUser | null, proposalPk: number): Promise<ShipmentActor> {
    if (!session) return { id: null, isOfficer: true, isMember: false };
    const proposal = await this.proposals.proposal(proposalPk);
    return {
      id: session.id,
      isOfficer: session.currentRole === Role.USER_OFFICER,
      isMember:
        session.currentRole === Role.USER &&
        !!proposal &&
        this.proposalsService.isMember(proposal, session.id),
    };
  }

  async mayRead(session: SessionUser | null, shipment: ShipmentModel): Promise<boolean> {
    const actor = await this.actor(session, shipment.proposalPk);
    return actor.isOfficer || actor.isMember;
  }

  private async run(command: ShipmentCommand, dryRun = false): Promise<void> {
    await this.commands.execute(new ExecuteShipmentCommand(command, dryRun));
  }

  async create(
    session: SessionUser | null,
    input: { title?: string | null; proposalPk?: number | null; experimentPk?: number | null },
  ): Promise<ShipmentModel> {
    const valid = await validateInput(createShipmentSchema, input);
    const proposal = await this.proposals.proposal(valid.proposalPk);
    if (!proposal) throw notFound(M.proposalNotFound);
    const experimentPk = valid.experimentPk ?? null;
    const experiment = experimentPk === null ? null : await this.experiments.get(experimentPk);
    if (experimentPk !== null && !experiment) throw notFound(M.experimentNotFound);
    const templateId = await this.templates.activeTemplateId(TemplateGroupId.SHIPMENT_DECLARATION);
    const actor = await this.actor(session, proposal.primaryKey);
    const command = (shipmentId: number, questionaryId: number | null): ShipmentCommand => ({
      type: 'CreateShipment',
      shipmentId,
      actor,
      title: valid.title,
      proposalPk: proposal.primaryKey,
      experimentPk,
      proposalReady:
        proposal.finalStatus === ProposalEndStatus.ACCEPTED && proposal.managementDecisionSubmitted,
      experimentOfProposal: experiment === null || experiment.proposalPk === proposal.primaryKey,
      questionaryId,
    });
    await this.run(command(0, templateId === null ? null : 0), true);
    const shipmentId = await this.ids.next('shipment_id_seq');
    const questionaryId = await this.questionaries.create(templateId as number, session?.id ?? null);
    await this.run(command(shipmentId, questionaryId));
    return this.existing(shipmentId);
  }

  async update(
    session: SessionUser | null,
    input: { shipmentId: number; title?: string | null; proposalPk?: number | null },
  ): Promise<ShipmentModel> {
    const valid = await validateInput(updateShipmentSchema, input);
    const shipment = await this.existing(valid.shipmentId);
    await this.run({
      type: 'UpdateShipment',
      shipmentId: shipment.id,
      actor: await this.actor(session, shipment.proposalPk),
      title: valid.title,
      proposalPk: valid.proposalPk,
    });
    return this.existing(shipment.id);
  }

  /** addSamplesToShipment: the shipment's samples become `sampleIds` (samples of its proposal only). */
  async setSamples(
    session: SessionUser | null,
    input: { shipmentId: number; sampleIds: number[] },
  ): Promise<ShipmentModel> {
    const valid = await validateInput(addSamplesToShipmentSchema, input);
    const shipment = await this.existing(valid.shipmentId);
    const foreignSampleIds: number[] = [];
    for (const sampleId of valid.sampleIds) {
      const sample = await this.samples.sample(sampleId);
      if (!sample || sample.deleted || sample.proposalPk !== shipment.proposalPk)
        foreignSampleIds.push(sampleId);
    }
    await this.run({
      type: 'SetShipmentSamples',
      shipmentId: shipment.id,
      actor: await this.actor(session, shipment.proposalPk),
      sampleIds: valid.sampleIds,
      foreignSampleIds,
    });
    return this.existing(shipment.id);
  }

  async submit(session: SessionUser | null, shipmentId: number): Promise<ShipmentModel> {
    const shipment = await this.existing(shipmentId);
    const errors = await this.questionaries.submissionErrors(shipment.questionaryId);
    await this.run({
      type: 'SubmitShipment',
      shipmentId,
      actor: await this.actor(session, shipment.proposalPk),
      questionaryComplete: Object.keys(errors).length === 0,
    });
    return this.existing(shipmentId);
  }

  async markReceived(session: SessionUser | null, shipmentId: number): Promise<ShipmentModel> {
    const shipment = await this.existing(shipmentId);
    await this.run({
      type: 'MarkShipmentReceived',
      shipmentId,
      actor: await this.actor(session, shipment.proposalPk),
    });
    return this.existing(shipmentId);
  }

  async delete(session: SessionUser | null, shipmentId: number): Promise<ShipmentModel> {
    const shipment = await this.existing(shipmentId);
    await this.run({
      type: 'DeleteShipment',
      shipmentId,
      actor: await this.actor(session, shipment.proposalPk),
    });
    return shipment;
  }

  /** Officers (and API tokens) list every shipment; users those of their proposals. */
  async list(
    session: SessionUser | null,
    filter: { proposalPk?: number | null; experimentPk?: number | null },
  ): Promise<ShipmentModel[]> {
    if (!session || session.currentRole === Role.USER_OFFICER) return this.repository.list(filter, null);
    const proposalPks = (await this.proposals.ofUser(session.id)).map((p) => p.primaryKey);
    return this.repository.list(filter, proposalPks);
  }
}
