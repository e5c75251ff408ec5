import type { CreateParams, DeleteParams, GetListParams, UpdateParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import type { GraphqlTransport } from '../../app/graphql-transport';
import {
  ConsoleCreateExperimentDocument,
  ConsoleDeleteExperimentDocument,
  ConsoleExperimentsDocument,
  ConsoleExperimentTimeSummaryDocument,
  ConsoleTimelineExperimentsDocument,
  ConsoleUpdateExperimentDocument,
  type ConsoleExperimentFieldsFragment,
  type ConsoleExperimentTimeSummaryQuery,
  type ConsoleTimelineExperimentsQuery,
  type CreateExperimentInput,
  type ExperimentsFilter,
  type UpdateExperimentInput,
} from '../../gql/graphql';
import { toExperimentsFilter, type ExperimentTableFilter } from './experiment-filter';

/** A row of the experiments table: the experiment, its id for react-admin. */
export type ExperimentRecord = ConsoleExperimentFieldsFragment & { id: number };

export const experimentRow = (e: ConsoleExperimentFieldsFragment): ExperimentRecord => ({
  ...e,
  id: e.experimentPk,
});

const FIELDS = ['proposalPk', 'instrumentId', 'startsAt', 'endsAt', 'localContactId', 'status'] as const;

/** The fields of a create or an update that the form or the timeline gave (left out: unchanged). */
function inputOf(data: Record<string, unknown>): Partial<CreateExperimentInput> {
  const input: Record<string, unknown> = {};
  for (const field of FIELDS) if (field in data && data[field] !== undefined) input[field] = data[field];
  return input as Partial<CreateExperimentInput>;
}

/**
 * Experiments (`/console/ExperimentPage`): getList → experiments(filter, first, offset) (paged by the server,
 * sorted by start; the filter's `zone` is the facility's time zone of its days); create → createExperiment;
 * update → updateExperiment (only the fields given: a timeline drag sends the times); delete → deleteExperiment.
 */
export const experimentsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const { zone, ...filter } = (params.filter ?? {}) as ExperimentTableFilter & { zone?: string };
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    return operation(
      ConsoleExperimentsDocument,
      {
        filter: toExperimentsFilter(filter, zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone),
        first: perPage,
        offset: (page - 1) * perPage,
      },
      (data) => ({
        data: data.experiments.experiments.map(experimentRow),
        total: data.experiments.totalCount,
      }),
    );
  },
  CREATE: (params: CreateParams) =>
    operation(ConsoleCreateExperimentDocument, { input: inputOf(params.data) }, (data) => ({
      data: experimentRow(data.createExperiment),
    })),
  UPDATE: (params: UpdateParams) =>
    operation(
      ConsoleUpdateExperimentDocument,
      { input: { ...inputOf(params.data), experimentPk: Number(params.id) } as UpdateExperimentInput },
      (data) => ({ data: experimentRow(data.updateExperiment) }),
    ),
  DELETE: (params: DeleteParams) =>
    operation(ConsoleDeleteExperimentDocument, { experimentPk: Number(params.id) }, (data) => ({
      data: { id: data.deleteExperiment.experimentPk },
    })),
};

export type TimeSummary = ConsoleExperimentTimeSummaryQuery['experimentTimeSummary'];
export type TimelineExperiments = ConsoleTimelineExperimentsQuery['experiments'];

/** The timeline's reads (§7): the experiments of a window, and the instrument's time in a call. */
export interface ExperimentCommands {
  /** experiments(filter, first): the items of one instrument's window (only what an item shows) */
  timelineExperiments(filter: ExperimentsFilter, first: number): Promise<TimelineExperiments>;
  /** experimentTimeSummary(instrumentId, callId) */
  experimentTimeSummary(instrumentId: number, callId: number): Promise<TimeSummary>;
}

export function experimentCommands(transport: GraphqlTransport): ExperimentCommands {
  return {
    timelineExperiments: async (filter, first) => {
      const { data } = await transport.query({
        query: ConsoleTimelineExperimentsDocument,
        variables: { filter, first },
      });
      return (data as ConsoleTimelineExperimentsQuery).experiments;
    },
    experimentTimeSummary: async (instrumentId, callId) => {
      const { data } = await transport.query({
        query: ConsoleExperimentTimeSummaryDocument,
        variables: { instrumentId, callId },
      });
      return (data as ConsoleExperimentTimeSummaryQuery).experimentTimeSummary;
    },
  };
}
