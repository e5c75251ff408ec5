import { Kind, type DocumentNode } from 'graphql';
import { createDataProvider } from '../../app/data-provider';
import type { GraphqlTransport } from '../../app/graphql-transport';
import { toShipmentsFilter } from './shipments.operations';

/** A transport that records each operation (its root field) and its variables, answering from `answer`. */
function recording(answer: (field: string) => unknown) {
  const sent: { operation: string; variables: Record<string, unknown> }[] = [];
  const transport = {
    query: ({ query, variables }: { query: DocumentNode; variables?: Record<string, unknown> }) => {
      const definition = query.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
      const selection = definition?.selectionSet.selections[0];
      const operation = selection?.kind === Kind.FIELD ? selection.name.value : '';
      sent.push({ operation, variables: variables ?? {} });
      return Promise.resolve({ data: { [operation]: answer(operation) } as never });
    },
  } as unknown as GraphqlTransport;
  return { transport, sent };
}

const row = (id: number, title: string) => ({ id, title, status: 'SUBMITTED', samples: [] });

describe('Shipments: react-admin calls → shipments(filter) of §7', () => {
  it('the address filter as shipments(filter): a known status and a proposal id, nothing else', () => {
    expect(toShipmentsFilter({ status: 'SUBMITTED', proposal: '12' })).toEqual({
      status: 'SUBMITTED',
      proposalPk: 12,
    });
    expect(toShipmentsFilter({ status: 'RECEIVED', proposal: 'x' })).toEqual({});
    expect(toShipmentsFilter({})).toEqual({});
  });

  it('getList → shipments(filter), sorted and paged here', async () => {
    const { transport, sent } = recording(() => [row(1, 'B'), row(2, 'A'), row(3, 'C')]);
    const page = await createDataProvider(transport).getList('Shipments', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'title', order: 'ASC' },
      filter: { status: 'SUBMITTED', proposal: 4 },
    });
    expect(sent).toEqual([
      { operation: 'shipments', variables: { filter: { status: 'SUBMITTED', proposalPk: 4 } } },
    ]);
    expect(page).toEqual({ data: [row(2, 'A'), row(1, 'B')], total: 3 });
  });
});
