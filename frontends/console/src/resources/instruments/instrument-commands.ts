import type { GraphqlTransport } from '../../app/graphql-transport';
import {
  ConsoleAssignInstrumentsToCallDocument,
  ConsoleAssignInstrumentsToTechniqueDocument,
  ConsoleAssignScientistsToInstrumentDocument,
  ConsoleAssignScientistsToTechniqueDocument,
  ConsoleCallInstrumentsDocument,
  ConsoleInstrumentScientistCandidatesDocument,
  ConsoleInstrumentsDocument,
  ConsoleRemoveAssignedInstrumentFromCallDocument,
  ConsoleRemoveInstrumentsFromTechniqueDocument,
  ConsoleRemoveScientistFromInstrumentDocument,
  ConsoleRemoveScientistFromTechniqueDocument,
  ConsoleSetInstrumentAvailabilityTimeDocument,
  type ConsoleCallInstrumentFieldsFragment,
  type ConsoleCallInstrumentsQuery,
  type ConsoleInstrumentScientistCandidatesQuery,
  type ConsoleInstrumentsQuery,
  type ConsolePersonFieldsFragment,
} from '../../gql/graphql';

export type CallInstrument = ConsoleCallInstrumentFieldsFragment;

/**
 * The instrument and technique pages' commands (§7): scientists, a technique's instruments and a call's
 * instruments are assigned and removed by explicit buttons, each one operation.
 */
export interface InstrumentCommands {
  /** getUsers(userRole INSTRUMENT_SCIENTIST): who may be a scientist or a manager */
  instrumentScientistCandidates(): Promise<ConsolePersonFieldsFragment[]>;
  /** instruments: every instrument the caller may use (the pickers) */
  instrumentChoices(): Promise<{ id: number; name: string; shortCode: string }[]>;
  assignScientistsToInstrument(instrumentId: number, scientistIds: number[]): Promise<void>;
  removeScientistFromInstrument(instrumentId: number, scientistId: number): Promise<void>;
  assignScientistsToTechnique(techniqueId: number, scientistIds: number[]): Promise<void>;
  removeScientistFromTechnique(techniqueId: number, scientistId: number): Promise<void>;
  assignInstrumentsToTechnique(techniqueId: number, instrumentIds: number[]): Promise<void>;
  removeInstrumentsFromTechnique(techniqueId: number, instrumentIds: number[]): Promise<void>;
  /** getCall(callId).instruments */
  callInstruments(callId: number): Promise<CallInstrument[]>;
  assignInstrumentsToCall(callId: number, instrumentIds: number[]): Promise<void>;
  removeAssignedInstrumentFromCall(callId: number, instrumentId: number): Promise<void>;
  setInstrumentAvailabilityTime(
    callId: number,
    instrumentId: number,
    availabilityTime: number,
  ): Promise<void>;
}

export function instrumentCommands(transport: GraphqlTransport): InstrumentCommands {
  const run = transport.mutate;
  return {
    instrumentScientistCandidates: async () => {
      const { data } = await transport.query({ query: ConsoleInstrumentScientistCandidatesDocument });
      return (data as ConsoleInstrumentScientistCandidatesQuery).getUsers.users;
    },
    instrumentChoices: async () => {
      const { data } = await transport.query({ query: ConsoleInstrumentsDocument, variables: {} });
      return (data as ConsoleInstrumentsQuery).instruments.instruments;
    },
    assignScientistsToInstrument: async (instrumentId, scientistIds) => {
      await run({
        mutation: ConsoleAssignScientistsToInstrumentDocument,
        variables: { instrumentId, scientistIds },
      });
    },
    removeScientistFromInstrument: async (instrumentId, scientistId) => {
      await run({
        mutation: ConsoleRemoveScientistFromInstrumentDocument,
        variables: { instrumentId, scientistId },
      });
    },
    assignScientistsToTechnique: async (techniqueId, scientistIds) => {
      await run({
        mutation: ConsoleAssignScientistsToTechniqueDocument,
        variables: { techniqueId, scientistIds },
      });
    },
    removeScientistFromTechnique: async (techniqueId, scientistId) => {
      await run({
        mutation: ConsoleRemoveScientistFromTechniqueDocument,
        variables: { techniqueId, scientistId },
      });
    },
    assignInstrumentsToTechnique: async (techniqueId, instrumentIds) => {
      await run({
        mutation: ConsoleAssignInstrumentsToTechniqueDocument,
        variables: { techniqueId, instrumentIds },
      });
    },
    removeInstrumentsFromTechnique: async (techniqueId, instrumentIds) => {
      await run({
        mutation: ConsoleRemoveInstrumentsFromTechniqueDocument,
        variables: { techniqueId, instrumentIds },
      });
    },
    callInstruments: async (callId) => {
      const { data } = await transport.query({
        query: ConsoleCallInstrumentsDocument,
        variables: { callId },
      });
      return (data as ConsoleCallInstrumentsQuery).getCall?.instruments ?? [];
    },
    assignInstrumentsToCall: async (callId, instrumentIds) => {
      await run({
        mutation: ConsoleAssignInstrumentsToCallDocument,
        variables: {
          callId,
          instrumentFapIds: instrumentIds.map((instrumentId) => ({ instrumentId, fapId: null })),
        },
      });
    },
    removeAssignedInstrumentFromCall: async (callId, instrumentId) => {
      await run({
        mutation: ConsoleRemoveAssignedInstrumentFromCallDocument,
        variables: { callId, instrumentId },
      });
    },
    setInstrumentAvailabilityTime: async (callId, instrumentId, availabilityTime) => {
      await run({
        mutation: ConsoleSetInstrumentAvailabilityTimeDocument,
        variables: { callId, instrumentId, availabilityTime },
      });
    },
  };
}
