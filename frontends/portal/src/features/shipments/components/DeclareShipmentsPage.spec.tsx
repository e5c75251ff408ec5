import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphql, renderPortal } from '../../proposals/test/harness';
import '../translations';
import { DeclareShipmentsPage } from './DeclareShipmentsPage';

const PATH = '/DeclareShipments/:experimentPk';
const FEATURES = ['SCHEDULER', 'SHIPPING'];

const experiment = {
  experimentPk: 4,
  experimentId: 'EXP-4',
  proposalPk: 11,
  startsAt: '2030-01-10T08:00:00.000Z',
  endsAt: '2030-01-12T08:00:00.000Z',
  proposal: { primaryKey: 11, proposalId: 'DEMO-0011', title: 'Lithium diffusion' },
  instrument: { id: 1, name: 'D22' },
};

function shipment(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    title: 'Crystals',
    proposalPk: 11,
    experimentPk: 4,
    status: 'DRAFT',
    questionaryId: 70,
    created: '2030-01-01T10:00:00.000Z',
    receivedAt: null,
    sampleIds: [] as number[],
    samples: [] as { id: number; title: string }[],
    ...overrides,
  };
}

const field = (id: string, dataType: string, question: string, value: unknown, sortOrder = 0) => ({
  question: { id, naturalKey: id, question, dataType },
  config: { required: dataType === 'TEXT_INPUT', small_label: '', tooltip: '' },
  dependencies: [],
  dependenciesOperator: 'AND',
  topicId: 1,
  sortOrder,
  value,
});

const declaration = (complete: boolean) => ({
  getQuestionary: {
    questionaryId: 70,
    templateId: 9,
    isCompleted: complete,
    steps: [
      {
        isCompleted: complete,
        topic: { id: 1, title: 'Shipment', sortOrder: 0, isEnabled: true },
        fields: [
          field('shipment_basis', 'SHIPMENT_BASIS', 'Shipment', null),
          field('packaging', 'TEXT_INPUT', 'Packaging', complete ? 'Vials' : null, 1),
        ],
      },
    ],
  },
});

const samples = () => ({
  getSamplesWithQuestionaryStatus: [1, 2, 3].map((id) => ({ id, title: `Sample ${id}` })),
});

describe('the shipments of an experiment (/DeclareShipments/{experimentPk})', () => {
  it('creates a shipment (the server’s message shown), opens its declaration, saves its title and samples', async () => {
    let shipments: ReturnType<typeof shipment>[] = [];
    const calls = mockGraphql({
      ShipmentsPage: () => ({ getUserExperiments: [experiment], shipments }),
      ShipmentsCreate: ({ title }) => {
        if (!title) throw new Error('Title is required');
        shipments = [shipment({ title })];
        return { createShipment: shipments[0] };
      },
      QuestionaryGet: () => declaration(false),
      ShipmentsProposalSamples: samples,
      ShipmentsSetSamples: ({ sampleIds }) => {
        const ids = sampleIds as number[];
        shipments = [shipment({ sampleIds: ids, samples: ids.map((id) => ({ id, title: `Sample ${id}` })) })];
        return { addSamplesToShipment: shipments[0] };
      },
      QuestionaryAnswerTopic: () => ({ answerTopic: null }),
    });
    renderPortal(<DeclareShipmentsPage />, { route: '/DeclareShipments/4', path: PATH, features: FEATURES });
    expect(await screen.findByRole('heading', { level: 1, name: 'Declare shipments' })).toBeTruthy();
    expect(screen.getByText('No shipments declared yet')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Create shipment' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Shipment title'), 'Crystals');
    await userEvent.click(screen.getByRole('button', { name: 'Create shipment' }));
    expect(await screen.findByRole('heading', { name: 'Shipment declaration: Crystals' })).toBeTruthy();
    expect(calls.filter((c) => c.operation === 'ShipmentsCreate')[1].variables).toEqual({
      title: 'Crystals',
      proposalPk: 11,
      experimentPk: 4,
    });

    const list = await screen.findByRole('list', { name: 'Samples in this shipment' });
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Sample 2' }));
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Sample 1' }));
    await userEvent.type(screen.getByLabelText(/^Packaging/), 'Vials');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.operation === 'ShipmentsSetSamples')).toBe(true));
    // the samples in the proposal's order; the title unchanged, so no updateShipment
    expect(calls.find((c) => c.operation === 'ShipmentsSetSamples')?.variables).toEqual({
      shipmentId: 7,
      sampleIds: [1, 2],
    });
    expect(calls.some((c) => c.operation === 'ShipmentsUpdate')).toBe(false);
    await waitFor(() =>
      expect(within(screen.getByTestId('shipment-row-7')).getByText('Sample 1, Sample 2')).toBeTruthy(),
    );
  });

  it('a submitted shipment is read-only: Submitted disabled, its label downloadable from the review and the row', async () => {
    mockGraphql({
      ShipmentsPage: () => ({
        getUserExperiments: [experiment],
        shipments: [
          shipment({ status: 'SUBMITTED', sampleIds: [1], samples: [{ id: 1, title: 'Sample 1' }] }),
        ],
      }),
      QuestionaryGet: () => declaration(true),
      ShipmentsProposalSamples: samples,
    });
    renderPortal(<DeclareShipmentsPage />, {
      route: '/DeclareShipments/4?shipment=7',
      path: PATH,
      features: FEATURES,
    });
    const submitted = await screen.findByRole('button', { name: 'Submitted' });
    expect(submitted.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('This shipment is submitted and can no longer be changed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download shipment label' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the label of shipment Crystals' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete shipment Crystals' })).toBeNull();
  });
});
