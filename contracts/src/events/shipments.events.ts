import { defineEvent, registerEvents } from './catalogue';

/** One shipment of a proposal's samples to the facility: `shipment-<shipmentId>`. */
export const SHIPMENT_STREAM = 'shipment';

export const shipmentStreamId = (shipmentId: number): string => `${SHIPMENT_STREAM}-${shipmentId}`;

export const SHIPMENT_CREATED = 'ShipmentCreated';
export const SHIPMENT_UPDATED = 'ShipmentUpdated';
export const SHIPMENT_SAMPLES_SET = 'ShipmentSamplesSet';
export const SHIPMENT_SUBMITTED = 'ShipmentSubmitted';
export const SHIPMENT_RECEIVED = 'ShipmentReceived';
export const SHIPMENT_DELETED = 'ShipmentDeleted';

interface OfShipment {
  readonly shipmentId: number;
}

export interface ShipmentCreatedData extends OfShipment {
  readonly title: string;
  readonly proposalPk: number;
  readonly experimentPk: number | null;
  readonly questionaryId: number;
  readonly creatorId: number | null;
}

export interface ShipmentUpdatedData extends OfShipment {
  readonly title: string;
}

/** The shipment's samples are now these (addSamplesToShipment sends the whole list, as the wizard keeps it). */
export interface ShipmentSamplesSetData extends OfShipment {
  readonly sampleIds: readonly number[];
}

export interface ShipmentSubmittedData extends OfShipment {
  readonly proposalPk: number;
  readonly experimentPk: number | null;
}

export interface ShipmentReceivedData extends OfShipment {
  readonly receivedBy: number | null;
}

export type ShipmentDeletedData = OfShipment;

const id = (d: OfShipment) => String(d.shipmentId);

export const shipmentCreatedEvent = defineEvent<ShipmentCreatedData, typeof SHIPMENT_CREATED>(
  SHIPMENT_CREATED,
  {
    stream: SHIPMENT_STREAM,
    description: (d) =>
      `Shipment #${d.shipmentId} ${JSON.stringify(d.title)} created for proposal #${d.proposalPk}`,
    changedObjectId: id,
  },
);
export const shipmentUpdatedEvent = defineEvent<ShipmentUpdatedData, typeof SHIPMENT_UPDATED>(
  SHIPMENT_UPDATED,
  {
    stream: SHIPMENT_STREAM,
    description: (d) => `Shipment #${d.shipmentId} renamed ${JSON.stringify(d.title)}`,
    changedObjectId: id,
  },
);
export const shipmentSamplesSetEvent = defineEvent<ShipmentSamplesSetData, typeof SHIPMENT_SAMPLES_SET>(
  SHIPMENT_SAMPLES_SET,
  {
    stream: SHIPMENT_STREAM,
    description: (d) => `Samples of shipment #${d.shipmentId}: ${d.sampleIds.join(', ') || 'none'}`,
    changedObjectId: id,
  },
);
export const shipmentSubmittedEvent = defineEvent<ShipmentSubmittedData, typeof SHIPMENT_SUBMITTED>(
  SHIPMENT_SUBMITTED,
  {
    stream: SHIPMENT_STREAM,
    description: (d) => `Shipment #${d.shipmentId} submitted`,
    changedObjectId: id,
  },
);
export const shipmentReceivedEvent = defineEvent<ShipmentReceivedData, typeof SHIPMENT_RECEIVED>(
  SHIPMENT_RECEIVED,
  {
    stream: SHIPMENT_STREAM,
    description: (d) => `Shipment #${d.shipmentId} received by the facility`,
    changedObjectId: id,
  },
);
export const shipmentDeletedEvent = defineEvent<ShipmentDeletedData, typeof SHIPMENT_DELETED>(
  SHIPMENT_DELETED,
  {
    stream: SHIPMENT_STREAM,
    description: (d) => `Shipment #${d.shipmentId} deleted`,
    changedObjectId: id,
  },
);

export type ShipmentEvent =
  | { readonly type: typeof SHIPMENT_CREATED; readonly data: ShipmentCreatedData }
  | { readonly type: typeof SHIPMENT_UPDATED; readonly data: ShipmentUpdatedData }
  | { readonly type: typeof SHIPMENT_SAMPLES_SET; readonly data: ShipmentSamplesSetData }
  | { readonly type: typeof SHIPMENT_SUBMITTED; readonly data: ShipmentSubmittedData }
  | { readonly type: typeof SHIPMENT_RECEIVED; readonly data: ShipmentReceivedData }
  | { readonly type: typeof SHIPMENT_DELETED; readonly data: ShipmentDeletedData };

export const SHIPMENT_EVENT_TYPES: readonly string[] = [
  SHIPMENT_CREATED,
  SHIPMENT_UPDATED,
  SHIPMENT_SAMPLES_SET,
  SHIPMENT_SUBMITTED,
  SHIPMENT_RECEIVED,
  SHIPMENT_DELETED,
];

registerEvents(
  shipmentCreatedEvent,
  shipmentUpdatedEvent,
  shipmentSamplesSetEvent,
  shipmentSubmittedEvent,
  shipmentReceivedEvent,
  shipmentDeletedEvent,
);

/** The status-changing event a shipment event is to its experiment: a submitted shipment of an experiment. */
export function shipmentWorkflowEvents(event: { readonly type: string; readonly data: unknown }): string[] {
  if (event.type !== SHIPMENT_SUBMITTED) return [];
  return (event.data as ShipmentSubmittedData).experimentPk === null ? [] : ['EXPERIMENT_SHIPMENT_SUBMITTED'];
}
