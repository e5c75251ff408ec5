import type { DataProvider, DeleteManyParams, GetListParams } from 'ra-core';
import buildGraphQLProvider, { type BuildQuery } from 'ra-data-graphql';
import {
  ConsoleAdministrationProposalDocument,
  ConsoleAssignProposalsToFapsDocument,
  ConsoleAssignProposalsToInstrumentsDocument,
  ConsoleBasicUserDocument,
  ConsoleInstrumentStaffDocument,
  ConsoleSubmitTechnicalReviewsDocument,
  ConsoleUpdateTechnicalReviewAssigneeDocument,
  type ConsoleBasicUserQuery,
  type ConsoleInstrumentStaffQuery,
  type SubmitTechnicalReviewInput,
  ConsoleChangeProposalsStatusDocument,
  ConsoleCloneProposalsDocument,
  ConsoleNotifyProposalDocument,
  ConsoleProposalsBasicDocument,
  ConsoleProposalsCountDocument,
  type ConsoleAdministrationProposalMutationVariables,
  type ConsoleProposalsBasicQuery,
  type ConsoleProposalsCountQuery,
} from '../gql/graphql';
import { adminCommands, type AdminCommands } from '../resources/admin-commands';
import {
  apiAccessTokensOperations,
  apiOperationsOperations,
} from '../resources/api-access-tokens/api-access-tokens.operations';
import {
  callsOperations,
  templatesOperations,
  workflowsOperations,
} from '../resources/calls/calls.operations';
import {
  experimentCommands,
  experimentsOperations,
  type ExperimentCommands,
} from '../resources/experiments/experiments.operations';
import { instrumentCommands, type InstrumentCommands } from '../resources/instruments/instrument-commands';
import { instrumentsOperations } from '../resources/instruments/instruments.operations';
import { fapsMinimalOperations, fapsOperations } from '../resources/faps/faps.operations';
import { shipmentsOperations } from '../resources/shipments/shipments.operations';
import { techniquesOperations } from '../resources/techniques/techniques.operations';
import { eventLogsOperations } from '../resources/event-logs/event-logs.operations';
import { featuresOperations } from '../resources/features/features.operations';
import {
  countriesOperations,
  institutionsOperations,
} from '../resources/institutions/institutions.operations';
import { pageEditorOperations } from '../resources/page-editor/page-editor.operations';
import { peopleOperations, rolesOperations } from '../resources/people/people.operations';
import { predefinedMessagesOperations } from '../resources/predefined-messages/predefined-messages.operations';
import { ProposalPrefetch } from '../resources/proposals/prefetch';
import {
  searchTextOf,
  toProposalsFilter,
  type ProposalTableFilter,
} from '../resources/proposals/proposal-filter';
import {
  instrumentsMinimalOperations,
  proposalsOperations,
  type ProposalRow,
} from '../resources/proposals/proposals.operations';
import { questionsOperations } from '../resources/questions/questions.operations';
import { settingsOperations } from '../resources/settings/settings.operations';
import { statusActionsLogsOperations } from '../resources/status-actions-logs/status-actions-logs.operations';
import { downstreamMessagesOperations } from '../resources/downstream-messages/downstream-messages.operations';
import { statusesOperations, statusResourcesOperations } from '../resources/statuses/statuses.operations';
import {
  techniqueProposalCommands,
  techniqueProposalsOperations,
  techniquesMinimalOperations,
  type TechniqueProposalCommands,
} from '../resources/technique-proposals/technique-proposals.operations';
import { templateListsOperations } from '../resources/templates/templates.operations';
import { quantitiesOperations, unitsOperations } from '../resources/units/units.operations';
import { visitRegistrationsOperations } from '../resources/visit-registrations/visit-registrations.operations';
import { workflowsOperations as workflowResourcesOperations } from '../resources/workflows/workflows.operations';
import { asApolloClient, graphqlTransport, type GraphqlTransport } from './graphql-transport';
import type { RaFetchType, ResourceOperations } from './operations';

/**
 * The §7 operations behind each react-admin resource. A new resource adds its `<name>.operations.ts` here
 * (see DEVELOPERS.md "Adding a console resource").
 */
export const RESOURCE_OPERATIONS: Record<string, ResourceOperations> = {
  Proposals: proposalsOperations,
  InstrumentsMinimal: instrumentsMinimalOperations,
  TechniqueProposals: techniqueProposalsOperations,
  TechniquesMinimal: techniquesMinimalOperations,
  Calls: callsOperations,
  Statuses: statusesOperations,
  Questions: questionsOperations,
  EventLogs: eventLogsOperations,
  StatusActionsLogs: statusActionsLogsOperations,
  DownstreamMessages: downstreamMessagesOperations,
  ...templateListsOperations,
  // the administration pages (and their pickers)
  Workflows: workflowsOperations,
  Templates: templatesOperations,
  People: peopleOperations,
  Roles: rolesOperations,
  Institutions: institutionsOperations,
  Countries: countriesOperations,
  Units: unitsOperations,
  Quantities: quantitiesOperations,
  Settings: settingsOperations,
  Features: featuresOperations,
  PageEditor: pageEditorOperations,
  ApiAccessTokens: apiAccessTokensOperations,
  ApiOperations: apiOperationsOperations,
  PredefinedMessages: predefinedMessagesOperations,
  Instruments: instrumentsOperations,
  Techniques: techniquesOperations,
  Faps: fapsOperations,
  FapsMinimal: fapsMinimalOperations,
  ...statusResourcesOperations,
  ...workflowResourcesOperations,
  ExperimentPage: experimentsOperations,
  Shipments: shipmentsOperations,
  VisitRegistrations: visitRegistrationsOperations,
};

/** ra-data-graphql's buildQuery: the resource's own mapping, or a clear refusal (no CRUD guessing). */
export const buildQuery: BuildQuery = (raFetchType, resource, params) => {
  const build = RESOURCE_OPERATIONS[resource]?.[raFetchType as RaFetchType] as
    ((p: unknown) => ReturnType<BuildQuery>) | undefined;
  if (!build) throw new Error(`The console has no ${raFetchType} for ${resource}`);
  return build(params);
};

/**
 * The commands the console's buttons send (state changes are explicit commands, not edits of a field). Each
 * forgets the prefetched proposals, whose rows it changes.
 */
export interface ConsoleCommands {
  changeProposalsStatus(proposalPks: number[], statusId: number): Promise<void>;
  notifyProposal(proposalPk: number): Promise<void>;
  cloneProposals(callId: number, proposalPks: number[]): Promise<number>;
  administrationProposal(variables: ConsoleAdministrationProposalMutationVariables): Promise<void>;
  /** select-all over the whole filter: getProposalCoreBasic */
  allProposalPks(filter: ProposalTableFilter): Promise<number[]>;
  /** the exact number of proposals of the table's query, whose total was estimated; the table shows it next */
  countProposalsExactly(params: GetListParams): Promise<number>;
  /** the loaded rows of the selection (bulk actions read their instruments and technical reviews) */
  loadedProposals(ids: readonly (number | string)[]): Promise<ProposalRow[]>;
  /** assignProposalsToInstruments(proposalPks, instrumentIds): an empty list removes every instrument (§5) */
  assignProposalsToInstruments(proposalPks: number[], instrumentIds: number[]): Promise<void>;
  /** assignProposalsToFaps(proposalPks, fapInstruments): an empty list removes the FAPs and their reviews (§5) */
  assignProposalsToFaps(
    proposalPks: number[],
    fapInstruments: { fapId: number; instrumentId: number }[],
  ): Promise<void>;
  /** submitTechnicalReviews(technicalReviews) */
  submitTechnicalReviews(technicalReviews: SubmitTechnicalReviewInput[]): Promise<void>;
  /** updateTechnicalReviewAssignee(userId, proposalPks, instrumentId) */
  updateTechnicalReviewAssignee(userId: number, proposalPks: number[], instrumentId: number): Promise<void>;
  /** who may be assigned the technical reviews of each instrument: its manager, then its scientists */
  instrumentStaff(instrumentIds: number[]): Promise<InstrumentStaff[]>;
}

export interface InstrumentStaff {
  id: number;
  name: string;
  staff: { id: number; name: string }[];
}

export type ConsoleDataProvider = DataProvider &
  ConsoleCommands &
  AdminCommands &
  InstrumentCommands &
  TechniqueProposalCommands &
  ExperimentCommands;

const nameOf = (u: { firstname?: string | null; lastname?: string | null; preferredname?: string | null }) =>
  `${u.preferredname || u.firstname || ''} ${u.lastname ?? ''}`.trim();

/** the §7 filter and search text of the staff table's filter (getProposalsCore, getProposalCoreBasic) */
const filterVariables = (filter: ProposalTableFilter) => ({
  filter: toProposalsFilter(filter),
  searchText: searchTextOf(filter),
});

/** The console's data provider: ra-data-graphql over the shared GraphQL client, with the proposals' prefetch. */
export function createDataProvider(transport: GraphqlTransport = graphqlTransport): ConsoleDataProvider {
  const base = buildGraphQLProvider({
    client: asApolloClient(transport),
    introspection: false,
    buildQuery: () => buildQuery,
  });
  const prefetch = new ProposalPrefetch((params) => base.getList('Proposals', params));
  const run = transport.mutate;
  const written = <T>(result: T): T => {
    prefetch.invalidate();
    return result;
  };

  return {
    ...base,
    ...adminCommands(transport),
    ...instrumentCommands(transport),
    ...techniqueProposalCommands(transport),
    ...experimentCommands(transport),
    getList: (resource: string, params: GetListParams) =>
      resource === 'Proposals' ? prefetch.getList(params) : base.getList(resource, params),
    delete: (resource, params) => base.delete(resource, params).then(written),
    // one §7 delete per record (there is no bulk delete operation)
    deleteMany: async (resource: string, params: DeleteManyParams) => {
      for (const id of params.ids) await base.delete(resource, { id, previousData: undefined });
      return written({ data: params.ids });
    },
    updateMany: () => Promise.reject(new Error('The console changes state through explicit commands')),
    changeProposalsStatus: async (proposalPks, statusId) => {
      await run({ mutation: ConsoleChangeProposalsStatusDocument, variables: { proposalPks, statusId } });
      written(undefined);
    },
    notifyProposal: async (proposalPk) => {
      await run({ mutation: ConsoleNotifyProposalDocument, variables: { proposalPk } });
      written(undefined);
    },
    cloneProposals: async (callId, proposalPks) => {
      const { data } = await run({
        mutation: ConsoleCloneProposalsDocument,
        variables: { callId, proposalsToClonePk: proposalPks },
      });
      written(undefined);
      return (data as { cloneProposals: unknown[] }).cloneProposals.length;
    },
    administrationProposal: async (variables) => {
      await run({ mutation: ConsoleAdministrationProposalDocument, variables });
      written(undefined);
    },
    countProposalsExactly: (params) =>
      prefetch.countExactly(params, async () => {
        const { data } = await transport.query({
          query: ConsoleProposalsCountDocument,
          variables: filterVariables((params.filter ?? {}) as ProposalTableFilter),
        });
        return (data as ConsoleProposalsCountQuery).getProposalsCore?.totalCount ?? 0;
      }),
    // a promise, as react-admin's useDataProvider expects of every method
    loadedProposals: (ids) => Promise.resolve(prefetch.rowsOf(ids) as ProposalRow[]),
    assignProposalsToInstruments: async (proposalPks, instrumentIds) => {
      await run({
        mutation: ConsoleAssignProposalsToInstrumentsDocument,
        variables: { proposalPks, instrumentIds },
      });
      written(undefined);
    },
    assignProposalsToFaps: async (proposalPks, fapInstruments) => {
      await run({
        mutation: ConsoleAssignProposalsToFapsDocument,
        variables: { proposalPks, fapInstruments },
      });
      written(undefined);
    },
    submitTechnicalReviews: async (technicalReviews) => {
      await run({ mutation: ConsoleSubmitTechnicalReviewsDocument, variables: { technicalReviews } });
      written(undefined);
    },
    updateTechnicalReviewAssignee: async (userId, proposalPks, instrumentId) => {
      await run({
        mutation: ConsoleUpdateTechnicalReviewAssigneeDocument,
        variables: { userId, proposalPks, instrumentId },
      });
      written(undefined);
    },
    instrumentStaff: async (instrumentIds) => {
      const { data } = await transport.query({
        query: ConsoleInstrumentStaffDocument,
        variables: { instrumentIds },
      });
      const instruments = (data as ConsoleInstrumentStaffQuery).getInstrumentsByIds;
      return Promise.all(
        instruments.map(async (instrument) => {
          const staff = instrument.scientists.map((s) => ({ id: s.id, name: nameOf(s) }));
          const managerId = instrument.managerUserId;
          if (managerId != null && !staff.some((s) => s.id === managerId)) {
            const manager = (
              await transport.query({ query: ConsoleBasicUserDocument, variables: { userId: managerId } })
            ).data as ConsoleBasicUserQuery;
            if (manager.getBasicUserDetails)
              staff.unshift({ id: managerId, name: nameOf(manager.getBasicUserDetails) });
          }
          return { id: instrument.id, name: instrument.name, staff };
        }),
      );
    },
    allProposalPks: async (filter) => {
      const { data } = await transport.query({
        query: ConsoleProposalsBasicDocument,
        variables: filterVariables(filter),
      });
      return (data as ConsoleProposalsBasicQuery).getProposalCoreBasic.map((p) => p.primaryKey);
    },
  };
}
