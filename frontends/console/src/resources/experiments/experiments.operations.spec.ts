import { Kind, type DocumentNode } from 'graphql';
import { createDataProvider } from '../../app/data-provider';
import type { GraphqlTransport } from '../../app/graphql-transport';

/** A transport that records each operation (its root field) and its variables, answering from `answer`. */
function recording(answer: (field: string) => unknown) {
  const sent: { operation: string; variables: Record<string, unknown> }[] = [];
  const respond = (doc: DocumentNode, variables: Record<string, unknown> = {}) => {
    const definition = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    const selection = definition?.selectionSet.selections[0];
    const operation = selection?.kind === Kind.FIELD ? selection.name.value : '';
    sent.push({ operation, variables });
    return Promise.resolve({ data: { [operation]: answer(operation) } as never });
  };
  const transport = {
    query: ({ query, variables }: { query: DocumentNode; variables?: Record<string, unknown> }) =>
      respond(query, variables),
    mutate: ({ mutation, variables }: { mutation: DocumentNode; variables?: Record<string, unknown> }) =>
      respond(mutation, variables),
  } as unknown as GraphqlTransport;
  return { transport, sent };
}

const row = { experimentPk: 5, experimentId: '5', status: 'DRAFT' };

describe('ExperimentPage: react-admin calls → the experiments operations of §7', () => {
  it('getList → experiments(filter, first, offset) paged by the server; the rows keyed by experimentPk', async () => {
    const { transport, sent } = recording(() => ({ totalCount: 30, experiments: [row] }));
    const page = await createDataProvider(transport).getList('ExperimentPage', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'startsAt', order: 'ASC' },
      filter: { instrument: 1, status: 'ACTIVE', startsAfter: '2026-12-01', zone: 'UTC' },
    });
    expect(sent).toEqual([
      {
        operation: 'experiments',
        variables: {
          filter: { instrumentId: 1, status: ['ACTIVE'], startsAfter: '2026-12-01T00:00:00.000Z' },
          first: 25,
          offset: 25,
        },
      },
    ]);
    expect(page).toEqual({ data: [{ ...row, id: 5 }], total: 30 });
  });

  it('create, update (only the fields given: a drag sends the times) and delete; the timeline reads', async () => {
    const { transport, sent } = recording((field) =>
      field === 'experiments'
        ? { totalCount: 0, experiments: [] }
        : field === 'experimentTimeSummary'
          ? { proposals: [] }
          : row,
    );
    const provider = createDataProvider(transport);
    await provider.create('ExperimentPage', {
      data: {
        proposalPk: 2,
        instrumentId: 1,
        startsAt: '2026-12-01T08:00:00.000Z',
        endsAt: '2026-12-02T08:00:00.000Z',
        localContactId: null,
        status: 'DRAFT',
      },
    });
    await provider.update('ExperimentPage', {
      id: 5,
      data: { startsAt: '2026-12-03T08:00:00.000Z', endsAt: '2026-12-04T08:00:00.000Z' },
      previousData: { id: 5 },
    });
    await provider.delete('ExperimentPage', { id: 5, previousData: { id: 5 } });
    await provider.timelineExperiments({ instrumentId: 1 }, 5000);
    await provider.experimentTimeSummary(1, 2);
    expect(sent).toEqual([
      {
        operation: 'createExperiment',
        variables: {
          input: {
            proposalPk: 2,
            instrumentId: 1,
            startsAt: '2026-12-01T08:00:00.000Z',
            endsAt: '2026-12-02T08:00:00.000Z',
            localContactId: null,
            status: 'DRAFT',
          },
        },
      },
      {
        operation: 'updateExperiment',
        variables: {
          input: {
            startsAt: '2026-12-03T08:00:00.000Z',
            endsAt: '2026-12-04T08:00:00.000Z',
            experimentPk: 5,
          },
        },
      },
      { operation: 'deleteExperiment', variables: { experimentPk: 5 } },
      { operation: 'experiments', variables: { filter: { instrumentId: 1 }, first: 5000 } },
      { operation: 'experimentTimeSummary', variables: { instrumentId: 1, callId: 2 } },
    ]);
  });
});
