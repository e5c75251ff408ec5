import {
  SHIPMENT_CREATED,
  SHIPMENT_DELETED,
  SHIPMENT_RECEIVED,
  SHIPMENT_SAMPLES_SET,
  SHIPMENT_SUBMITTED,
  SHIPMENT_UPDATED,
  ShipmentStatus,
  shipmentCreatedEvent,
  shipmentDeletedEvent,
  shipmentReceivedEvent,
  shipmentRuleMessages,
  shipmentSamplesSetEvent,
  shipmentSubmittedEvent,
  shipmentUpdatedEvent,
  type ShipmentCreatedData,
  type ShipmentEvent,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, forbidden, notFound } from '../../../platform/errors/app-error';

const M = shipmentRuleMessages;

/** One shipment folded from `shipment-<shipmentId>`. */
export interface ShipmentState {
  shipment: ShipmentCreatedData | null;
  title: string;
  status: ShipmentStatus;
  sampleIds: readonly number[];
  received: boolean;
  deleted: boolean;
}

export const initialShipmentState: ShipmentState = {
  shipment: null,
  title: '',
  status: ShipmentStatus.DRAFT,
  sampleIds: [],
  received: false,
  deleted: false,
};

export function evolveShipment(state: ShipmentState, event: { type: string; data: unknown }): ShipmentState {
  const e = event as ShipmentEvent;
  switch (e.type) {
    case SHIPMENT_CREATED:
      return { ...initialShipmentState, shipment: e.data, title: e.data.title };
    case SHIPMENT_UPDATED:
      return { ...state, title: e.data.title };
    case SHIPMENT_SAMPLES_SET:
      return { ...state, sampleIds: e.data.sampleIds };
    case SHIPMENT_SUBMITTED:
      return { ...state, status: ShipmentStatus.SUBMITTED };
    case SHIPMENT_RECEIVED:
      return { ...state, received: true };
    case SHIPMENT_DELETED:
      return { ...state, deleted: true };
    default:
      return state;
  }
}

/** Who acts on a shipment, as the rules need it. */
export interface ShipmentActor {
  /** null: an API access token acting as the user office */
  id: number | null;
  isOfficer: boolean;
  /** the PI or a co-proposer of the shipment's proposal (USER role) */
  isMember: boolean;
}

export type ShipmentCommand =
  | {
      type: 'CreateShipment';
      shipmentId: number;
      actor: ShipmentActor;
      title: string;
      proposalPk: number;
      experimentPk: number | null;
      /** the proposal is ACCEPTED and its management decision submitted (§4 Declare shipment) */
      proposalReady: boolean;
      /** the experiment, when given, is one of the proposal's */
      experimentOfProposal: boolean;
      /** the questionary of the active shipment declaration template (null: none is active) */
      questionaryId: number | null;
    }
  | { type: 'UpdateShipment'; shipmentId: number; actor: ShipmentActor; title: string; proposalPk: number }
  | {
      type: 'SetShipmentSamples';
      shipmentId: number;
      actor: ShipmentActor;
      sampleIds: readonly number[];
      /** of `sampleIds`, those that are not samples of the shipment's proposal */
      foreignSampleIds: readonly number[];
    }
  | {
      type: 'SubmitShipment';
      shipmentId: number;
      actor: ShipmentActor;
      /** the declaration questionary is complete (the questionaries module's check) */
      questionaryComplete: boolean;
    }
  | { type: 'MarkShipmentReceived'; shipmentId: number; actor: ShipmentActor }
  | { type: 'DeleteShipment'; shipmentId: number; actor: ShipmentActor };

function existing(state: ShipmentState): ShipmentCreatedData {
  if (!state.shipment || state.deleted) throw notFound(M.notFound);
  return state.shipment;
}

/** The applicant side (members and officers), while the shipment is a draft: submission locks editing. */
function editable(state: ShipmentState, actor: ShipmentActor): ShipmentCreatedData {
  const shipment = existing(state);
  if (!actor.isMember && !actor.isOfficer) throw forbidden(M.onlyMembers);
  if (state.status !== ShipmentStatus.DRAFT) throw badInput(M.locked);
  return shipment;
}

export function decideShipment(command: ShipmentCommand, state: ShipmentState): NewEvent[] {
  switch (command.type) {
    case 'CreateShipment': {
      const { actor } = command;
      if (state.shipment) throw badInput(`Shipment ${command.shipmentId} exists`);
      if (!actor.isMember && !actor.isOfficer) throw forbidden(M.onlyMembers);
      if (!command.proposalReady) throw badInput(M.notAccepted);
      if (!command.experimentOfProposal) throw badInput(M.experimentNotOfProposal);
      if (command.questionaryId === null) throw badInput(M.noActiveTemplate);
      return [
        shipmentCreatedEvent.create({
          shipmentId: command.shipmentId,
          title: command.title,
          proposalPk: command.proposalPk,
          experimentPk: command.experimentPk,
          questionaryId: command.questionaryId,
          creatorId: actor.id,
        }),
      ];
    }
    case 'UpdateShipment': {
      const shipment = editable(state, command.actor);
      if (command.proposalPk !== shipment.proposalPk) throw badInput(M.proposalChanged);
      if (command.title === state.title) return [];
      return [shipmentUpdatedEvent.create({ shipmentId: shipment.shipmentId, title: command.title })];
    }
    case 'SetShipmentSamples': {
      const shipment = editable(state, command.actor);
      if (command.foreignSampleIds.length > 0) throw badInput(M.sampleNotOfProposal);
      const sampleIds = [...new Set(command.sampleIds)];
      if (
        sampleIds.length === state.sampleIds.length &&
        sampleIds.every((id, i) => id === state.sampleIds[i])
      )
        return [];
      return [shipmentSamplesSetEvent.create({ shipmentId: shipment.shipmentId, sampleIds })];
    }
    case 'SubmitShipment': {
      const shipment = editable(state, command.actor);
      if (!command.questionaryComplete) throw badInput(M.incomplete);
      return [
        shipmentSubmittedEvent.create({
          shipmentId: shipment.shipmentId,
          proposalPk: shipment.proposalPk,
          experimentPk: shipment.experimentPk,
        }),
      ];
    }
    case 'MarkShipmentReceived': {
      const shipment = existing(state);
      if (!command.actor.isOfficer) throw forbidden(M.onlyOfficers);
      if (state.status !== ShipmentStatus.SUBMITTED) throw badInput(M.notSubmitted);
      if (state.received) return [];
      return [
        shipmentReceivedEvent.create({ shipmentId: shipment.shipmentId, receivedBy: command.actor.id }),
      ];
    }
    case 'DeleteShipment': {
      const shipment = existing(state);
      if (!command.actor.isOfficer) editable(state, command.actor);
      return [shipmentDeletedEvent.create({ shipmentId: shipment.shipmentId })];
    }
  }
}

export const shipmentDecider: Decider<ShipmentState, ShipmentCommand> = {
  initialState: initialShipmentState,
  evolve: evolveShipment,
  decide: decideShipment,
};
