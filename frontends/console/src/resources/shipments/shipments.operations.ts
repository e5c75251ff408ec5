import type { GetListParams } from 'ra-core';
import { request } from '@user-office/frontend-shared/graphql-client';
import { pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleMarkShipmentReceivedDocument,
  ConsoleShipmentDocument,
  ConsoleShipmentProposalsDocument,
  ConsoleShipmentQuestionaryDocument,
  ConsoleShipmentsDocument,
  type ConsoleShipmentQuestionaryStepFragment,
  type ConsoleShipmentRowFragment,
  type ShipmentStatus,
} from '../../gql/graphql';

/** A row of the shipments list: the shipment (its id is react-admin's). */
export type ShipmentRecord = ConsoleShipmentRowFragment;
export type ShipmentQuestionaryStep = ConsoleShipmentQuestionaryStepFragment;

/** The list's filter parameters, kept in its address (`?status=SUBMITTED&proposal=12`). */
export const SHIPMENT_FILTER_PARAMS = ['status', 'proposal'] as const;
export const SHIPMENT_NUMERIC_PARAMS: ReadonlySet<string> = new Set(['proposal']);
export const SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['DRAFT', 'SUBMITTED'];

export interface ShipmentTableFilter {
  status?: string;
  proposal?: number | string;
}

/** The table's filter as shipments(filter). */
export function toShipmentsFilter(filter: ShipmentTableFilter): {
  status?: ShipmentStatus;
  proposalPk?: number;
} {
  const status = SHIPMENT_STATUSES.find((s) => s === filter.status);
  const proposalPk = Number(filter.proposal);
  return {
    ...(status ? { status } : {}),
    ...(Number.isInteger(proposalPk) && proposalPk > 0 ? { proposalPk } : {}),
  };
}

/**
 * Shipments (`/console/Shipments`): getList → shipments(filter) (the whole list, newest first, paged and sorted
 * here).
 */
export const shipmentsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(
      ConsoleShipmentsDocument,
      { filter: toShipmentsFilter((params.filter ?? {}) as ShipmentTableFilter) },
      (data) => pageOf(data.shipments, params),
    ),
};

/** The §7 reads and commands of the shipments pages. */
export const shipmentCommands = {
  /** the proposals of every shipment, for the list's filter */
  proposals: async (): Promise<{ id: number; name: string }[]> => {
    const { shipments } = await request(ConsoleShipmentProposalsDocument);
    const found = new Map<number, string>();
    for (const { proposal } of shipments)
      if (proposal) found.set(proposal.primaryKey, `${proposal.proposalId} ${proposal.title}`);
    return [...found].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  },
  shipment: async (shipmentId: number): Promise<ShipmentRecord | null> =>
    (await request(ConsoleShipmentDocument, { shipmentId })).getShipment ?? null,
  questionary: async (questionaryId: number): Promise<ShipmentQuestionaryStep[]> =>
    (await request(ConsoleShipmentQuestionaryDocument, { questionaryId })).getQuestionary?.steps ?? [],
  /** markShipmentReceived: the user office records a submitted shipment as received */
  markReceived: async (shipmentId: number): Promise<ShipmentRecord> =>
    (await request(ConsoleMarkShipmentReceivedDocument, { shipmentId })).markShipmentReceived,
};

export const labelPath = (shipmentId: number) => `/download/pdf/shipment-label/${shipmentId}`;
