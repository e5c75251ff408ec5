import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphql, renderPortal } from '../../proposals/test/harness';
import { ExperimentSafetyPage } from './ExperimentSafetyPage';

const PATH = '/ExperimentSafety/:experimentPk';
const FEATURES = ['SCHEDULER', 'EXPERIMENT_SAFETY_REVIEW'];

interface Selected {
  sampleId: number;
  isEsiSubmitted: boolean;
}

function safety(samples: Selected[], overrides: Record<string, unknown> = {}) {
  return {
    experimentSafetyPk: 4,
    experimentPk: 4,
    esiQuestionaryId: 90,
    esiQuestionarySubmittedAt: null as string | null,
    status: 'DRAFT',
    changesRequestedComment: null,
    proposalPk: 11,
    proposal: { primaryKey: 11, proposalId: 'DEMO-0011', title: 'Lithium diffusion' },
    samples: samples.map((s) => ({
      ...s,
      experimentPk: 4,
      sampleEsiQuestionaryId: 100 + s.sampleId,
      sample: { id: s.sampleId, title: `Sample ${s.sampleId}` },
    })),
    ...overrides,
  };
}

function experiment(esi: ReturnType<typeof safety> | null) {
  return {
    experimentPk: 4,
    experimentId: 'EXP-4',
    proposalPk: 11,
    startsAt: '2030-01-10T08:00:00.000Z',
    endsAt: '2030-01-12T08:00:00.000Z',
    status: 'ACTIVE',
    proposal: { primaryKey: 11, proposalId: 'DEMO-0011', title: 'Lithium diffusion' },
    instrument: { id: 1, name: 'D22' },
    localContact: null,
    experimentSafety: esi,
  };
}

const field = (id: string, dataType: string, question: string, value: unknown) => ({
  question: { id, naturalKey: id, question, dataType },
  config: { required: dataType === 'TEXT_INPUT', small_label: '', tooltip: '' },
  dependencies: [],
  dependenciesOperator: 'AND',
  topicId: 1,
  sortOrder: 0,
  value,
});

const esiQuestionary = (complete: boolean) => ({
  getQuestionary: {
    questionaryId: 90,
    templateId: 9,
    isCompleted: complete,
    steps: [
      {
        isCompleted: complete,
        topic: { id: 1, title: 'Experiment safety', sortOrder: 0, isEnabled: true },
        fields: [
          field('esi_basis', 'PROPOSAL_ESI_BASIS', 'Experiment', { proposalPk: 11 }),
          { ...field('hazards', 'TEXT_INPUT', 'Hazards brought', complete ? 'None' : null), sortOrder: 1 },
        ],
      },
    ],
  },
});

const proposalSamples = () => ({
  getSamplesWithQuestionaryStatus: [1, 2, 3].map((id) => ({
    id,
    title: `Sample ${id}`,
    isCompleted: true,
    isPostProposalSubmission: false,
  })),
});

describe('the experiment safety input wizard (/ExperimentSafety/{experimentPk})', () => {
  it('lists the proposal’s samples: not selected, red (unfinished), green (ready); selects and deselects', async () => {
    let selected: Selected[] = [
      { sampleId: 1, isEsiSubmitted: false },
      { sampleId: 2, isEsiSubmitted: true },
    ];
    const calls = mockGraphql({
      ExperimentsSafetyPage: () => ({ getUserExperiments: [experiment(safety(selected))] }),
      QuestionaryGet: () => esiQuestionary(false),
      ExperimentsProposalSamples: proposalSamples,
      ExperimentsAddSample: ({ sampleId }) => {
        selected = [...selected, { sampleId: sampleId as number, isEsiSubmitted: false }];
        return { addSampleToExperiment: safety(selected).samples.at(-1) };
      },
      ExperimentsRemoveSample: ({ sampleId }) => {
        selected = selected.filter((s) => s.sampleId !== sampleId);
        return { removeSampleFromExperiment: { sampleId } };
      },
    });
    renderPortal(<ExperimentSafetyPage />, { route: '/ExperimentSafety/4', path: PATH, features: FEATURES });
    expect(await screen.findByRole('heading', { level: 1, name: 'Experiment safety input' })).toBeTruthy();
    const red = await screen.findByTestId('esi-sample-1');
    expect(red.getAttribute('data-state')).toBe('unfinished');
    expect(within(red).getByText('Safety input not finished')).toBeTruthy();
    expect(within(red).getByRole('checkbox', { name: 'Sample 1' })).toHaveProperty('checked', true);
    const green = screen.getByTestId('esi-sample-2');
    expect(green.getAttribute('data-state')).toBe('ready');
    expect(within(green).getByText('Ready')).toBeTruthy();
    const none = screen.getByTestId('esi-sample-3');
    expect(none.getAttribute('data-state')).toBe('notSelected');
    expect(within(none).queryByRole('button', { name: 'Fill in safety input of Sample 3' })).toBeNull();

    // select
    await userEvent.click(within(none).getByRole('checkbox', { name: 'Sample 3' }));
    await waitFor(() =>
      expect(screen.getByTestId('esi-sample-3').getAttribute('data-state')).toBe('unfinished'),
    );
    expect(calls.find((c) => c.operation === 'ExperimentsAddSample')?.variables).toEqual({
      experimentPk: 4,
      sampleId: 3,
    });

    // deselect asks first (§8); Cancel keeps it
    await userEvent.click(
      within(screen.getByTestId('esi-sample-1')).getByRole('checkbox', { name: 'Sample 1' }),
    );
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Are you sure you want to deselect the sample? The information entered for the ESI will be lost!',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.operation === 'ExperimentsRemoveSample')).toBe(false);
    await userEvent.click(
      within(screen.getByTestId('esi-sample-1')).getByRole('checkbox', { name: 'Sample 1' }),
    );
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.getByTestId('esi-sample-1').getAttribute('data-state')).toBe('notSelected'),
    );
    expect(calls.find((c) => c.operation === 'ExperimentsRemoveSample')?.variables).toEqual({
      experimentPk: 4,
      sampleId: 1,
    });
  });

  it('submits after confirmation; the server’s refusal is shown; once submitted the button says Submitted', async () => {
    let esi = safety([{ sampleId: 1, isEsiSubmitted: false }]);
    let refuse = true;
    const calls = mockGraphql({
      ExperimentsSafetyPage: () => ({ getUserExperiments: [experiment(esi)] }),
      QuestionaryGet: () => esiQuestionary(true),
      ExperimentsProposalSamples: proposalSamples,
      ExperimentsSubmitSafety: () => {
        if (refuse) throw new Error('All experiment safety inputs must be completed');
        esi = { ...esi, esiQuestionarySubmittedAt: '2030-01-01T00:00:00.000Z', status: 'SUBMITTED' };
        return { submitExperimentSafety: esi };
      },
    });
    renderPortal(<ExperimentSafetyPage />, { route: '/ExperimentSafety/4', path: PATH, features: FEATURES });
    // the questionary is complete: the wizard opens the review step
    const submit = await screen.findByRole('button', { name: 'Submit' });
    await userEvent.click(submit);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('All experiment safety inputs must be completed')).toBeTruthy();
    refuse = false;
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    const submitted = await screen.findByRole('button', { name: 'Submitted' });
    expect(submitted.hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText('The experiment safety input has been submitted and can no longer be changed.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.operation === 'ExperimentsSubmitSafety')[1].variables).toEqual({
      experimentSafetyPk: 4,
    });
  });

  it('shows the reviewer’s comment when changes were requested, and is editable again', async () => {
    mockGraphql({
      ExperimentsSafetyPage: () => ({
        getUserExperiments: [
          experiment(
            safety([{ sampleId: 1, isEsiSubmitted: true }], {
              status: 'CHANGES_REQUESTED',
              changesRequestedComment: 'Which gases do you bring?',
            }),
          ),
        ],
      }),
      QuestionaryGet: () => esiQuestionary(false),
      ExperimentsProposalSamples: proposalSamples,
    });
    renderPortal(<ExperimentSafetyPage />, { route: '/ExperimentSafety/4', path: PATH, features: FEATURES });
    expect(await screen.findByText('Which gases do you bring?')).toBeTruthy();
    expect(screen.getByText('The reviewer requested changes:')).toBeTruthy();
    const sample = await screen.findByTestId('esi-sample-2');
    expect(within(sample).getByRole('checkbox', { name: 'Sample 2' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeTruthy();
  });

  it('clones a sample with a new title onto the experiment', async () => {
    let selected: Selected[] = [];
    let titles = ['Sample 1'];
    const calls = mockGraphql({
      ExperimentsSafetyPage: () => ({ getUserExperiments: [experiment(safety(selected))] }),
      QuestionaryGet: () => esiQuestionary(false),
      ExperimentsProposalSamples: () => ({
        getSamplesWithQuestionaryStatus: titles.map((title, i) => ({
          id: i + 1,
          title,
          isCompleted: true,
          isPostProposalSubmission: i > 0,
        })),
      }),
      ExperimentsCloneSample: ({ newSampleTitle }) => {
        titles = [...titles, newSampleTitle as string];
        selected = [{ sampleId: 2, isEsiSubmitted: false }];
        return { cloneExperimentSample: safety(selected).samples[0] };
      },
    });
    renderPortal(<ExperimentSafetyPage />, { route: '/ExperimentSafety/4', path: PATH, features: FEATURES });
    await userEvent.click(await screen.findByRole('button', { name: 'Clone Sample 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clone sample' });
    const title = within(dialog).getByLabelText('Title of the new sample');
    expect(title).toHaveProperty('value', 'Copy of Sample 1');
    await userEvent.clear(title);
    await userEvent.type(title, 'Sample 1, second batch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clone' }));
    const clone = await screen.findByTestId('esi-sample-2');
    await waitFor(() => expect(clone.getAttribute('data-state')).toBe('unfinished'));
    expect(within(clone).getByText('Sample 1, second batch')).toBeTruthy();
    expect(calls.find((c) => c.operation === 'ExperimentsCloneSample')?.variables).toEqual({
      experimentPk: 4,
      sampleId: 1,
      newSampleTitle: 'Sample 1, second batch',
    });
  });

  it('opens a selected sample’s safety input; its confirmation shows the server’s refusal', async () => {
    const calls = mockGraphql({
      ExperimentsSafetyPage: () => ({
        getUserExperiments: [experiment(safety([{ sampleId: 1, isEsiSubmitted: false }]))],
      }),
      QuestionaryGet: ({ questionaryId }) =>
        questionaryId === 101
          ? {
              getQuestionary: {
                questionaryId: 101,
                templateId: 10,
                isCompleted: false,
                steps: [
                  {
                    isCompleted: false,
                    topic: { id: 5, title: 'Sample safety', sortOrder: 0, isEnabled: true },
                    fields: [
                      field('sample_esi_basis', 'SAMPLE_ESI_BASIS', 'Sample', { proposalPk: 11 }),
                      {
                        ...field('sample_hazards', 'TEXT_INPUT', 'Hazards of the sample', null),
                        sortOrder: 1,
                      },
                    ],
                  },
                ],
              },
            }
          : esiQuestionary(false),
      ExperimentsProposalSamples: proposalSamples,
      ExperimentsUpdateSample: () => {
        throw new Error("The sample's safety input is not complete");
      },
    });
    renderPortal(<ExperimentSafetyPage />, { route: '/ExperimentSafety/4', path: PATH, features: FEATURES });
    await userEvent.click(await screen.findByRole('button', { name: 'Fill in safety input of Sample 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Safety input of Sample 1' });
    expect(await within(dialog).findByLabelText(/Hazards of the sample/)).toBeTruthy();
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: /I confirm the safety input of this sample/ }),
    );
    expect(await within(dialog).findByText("The sample's safety input is not complete")).toBeTruthy();
    expect(calls.find((c) => c.operation === 'ExperimentsUpdateSample')?.variables).toEqual({
      experimentPk: 4,
      sampleId: 1,
      isSubmitted: true,
    });
    expect(screen.getByTestId('esi-sample-1').getAttribute('data-state')).toBe('unfinished');
  });

  it('says so when the experiment is not one of the caller’s', async () => {
    mockGraphql({ ExperimentsSafetyPage: () => ({ getUserExperiments: [] }) });
    renderPortal(<ExperimentSafetyPage />, { route: '/ExperimentSafety/77', path: PATH, features: FEATURES });
    expect(await screen.findByText('Experiment not found')).toBeTruthy();
  });
});
