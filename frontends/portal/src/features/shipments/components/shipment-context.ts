import { createContext, useContext } from 'react';
import type { ShipmentsShipmentFragment } from '../../../gql/graphql';

export type LoadedShipment = ShipmentsShipmentFragment;

/** A sample of the shipment's proposal, as the declaration offers it. */
export interface ProposalSample {
  id: number;
  title: string;
}

/** What the declaration's pieces (the basis step's title and samples, the review step) share. */
export interface ShipmentContextValue {
  shipment: LoadedShipment;
  /** the samples of the shipment's proposal (null while loading) */
  proposalSamples: ProposalSample[] | null;
  /** submitted: every input is read-only (§4 "submission locks editing") */
  locked: boolean;
  /** reloads the page's shipments after a command */
  reload(): Promise<void>;
}

export const ShipmentContext = createContext<ShipmentContextValue | null>(null);

export function useShipment(): ShipmentContextValue {
  const value = useContext(ShipmentContext);
  if (!value) throw new Error('The shipment pieces need the ShipmentContext (see ShipmentDeclaration)');
  return value;
}
