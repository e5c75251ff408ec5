import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@user-office/frontend-shared/i18n';
import { request } from '@user-office/frontend-shared/graphql-client';
import { StaticSettingsProvider } from '@user-office/frontend-shared/settings';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import translation from '../../../../../shared/locales/en/translation.json';
import {
  ConsoleExperimentSafetyDocument,
  ConsoleRequestExperimentSafetyChangesDocument,
  ConsoleSafetyQuestionaryDocument,
  ConsoleSetExperimentRiskLevelDocument,
  ConsoleSubmitExperimentSafetyReviewerDecisionDocument,
  ConsoleSubmitInstrumentScientistDecisionDocument,
  ConsoleUpdateSampleSafetyReviewDocument,
} from '../../../gql/graphql';
import '../translations';
import { ExperimentSafetyReviewPage } from './ExperimentSafetyReviewPage';

// the GraphQL client is the boundary: every load and command goes through request(document, variables)
jest.mock('@user-office/frontend-shared/graphql-client', () => ({ request: jest.fn() }));
const requestMock = request as unknown as jest.Mock;
jest.mock('react-admin', () => ({ Title: () => null }));
const mockDownload = jest.fn();
jest.mock('@user-office/frontend-shared/downloads', () => ({
  useDownloads: () => ({ download: mockDownload }),
}));
let currentRole = 'EXPERIMENT_SAFETY_REVIEWER';
jest.mock('@user-office/frontend-shared/session', () => ({
  useCurrentSession: () => ({ userId: 9, currentRole }),
}));

// this worktree's texts (the shared package the apps resolve may be another checkout's)
i18n.addResourceBundle('en', 'translation', translation, true, true);

const STALE = 'The experiment safety input changed since you opened it (version 3, now 4): reload it';

const safety = (overrides: Record<string, unknown> = {}) => ({
  experimentSafetyPk: 12,
  experimentPk: 4,
  esiVersion: 3,
  status: 'SUBMITTED',
  esiQuestionarySubmittedAt: '2026-11-20T10:00:00.000Z',
  instrumentId: 2,
  instrumentScientistDecision: 'ACCEPTED',
  experimentSafetyReviewerDecision: 'UNSET',
  riskLevel: 'PENDING_EVALUATION',
  proposal: { primaryKey: 5, proposalId: 'DEMO-0005', title: 'Protein hydration water dynamics' },
  experiment: {
    experimentPk: 4,
    experimentId: '4',
    startsAt: '2026-12-11T08:00:00.000Z',
    endsAt: '2026-12-14T08:00:00.000Z',
    instrument: { id: 2, name: 'D22', shortCode: 'D22' },
  },
  esiQuestionaryId: 70,
  instrumentScientistDecisionComment: 'Standard environment',
  experimentSafetyReviewerDecisionComment: null,
  changesRequestedComment: null,
  samples: [],
  ...overrides,
});

const steps = [
  {
    isCompleted: true,
    topic: { id: 1, title: 'Experiment safety', sortOrder: 0, isEnabled: true },
    fields: [
      {
        config: {},
        dependenciesOperator: 'AND',
        sortOrder: 0,
        topicId: 1,
        value: 'Lysozyme powders',
        question: { id: 'hazards', naturalKey: 'hazards', question: 'Hazards', dataType: 'TEXT_INPUT' },
        dependencies: [],
      },
    ],
  },
];

const SAMPLE = {
  sampleId: 31,
  experimentPk: 4,
  isEsiSubmitted: true,
  sampleEsiQuestionaryId: 71,
  sample: { id: 31, title: 'Lysozyme crystals', safetyStatus: 'PENDING_EVALUATION', safetyComment: '' },
};

const sampleSteps = [
  {
    ...steps[0],
    topic: { id: 2, title: 'Sample safety', sortOrder: 0, isEnabled: true },
    fields: [
      {
        ...steps[0].fields[0],
        topicId: 2,
        value: 'Kept at 4 °C',
        question: { id: 'storage', naturalKey: 'storage', question: 'Storage', dataType: 'TEXT_INPUT' },
      },
    ],
  },
];

/** The api: the ESI and its answers; `refuse` makes the next decision fail with that message. */
function answer(refuse: string | null = null, overrides: Record<string, unknown> = {}) {
  requestMock.mockImplementation((document: unknown, variables: Record<string, unknown>) => {
    if (document === ConsoleExperimentSafetyDocument)
      return Promise.resolve({ getExperimentSafety: safety(overrides) });
    if (document === ConsoleSafetyQuestionaryDocument)
      return Promise.resolve({
        getQuestionary: {
          questionaryId: variables.questionaryId,
          steps: variables.questionaryId === 71 ? sampleSteps : steps,
        },
      });
    if (document === ConsoleUpdateSampleSafetyReviewDocument)
      return Promise.resolve({
        updateSample: { id: 31, safetyStatus: variables.safetyStatus, safetyComment: '' },
      });
    if (
      document === ConsoleSubmitExperimentSafetyReviewerDecisionDocument ||
      document === ConsoleSubmitInstrumentScientistDecisionDocument
    ) {
      if (refuse) return Promise.reject(new Error(refuse));
      return Promise.resolve({
        submitExperimentSafetyReviewerDecision: safety({
          experimentSafetyReviewerDecision: variables.decision,
          experimentSafetyReviewerDecisionComment: variables.comment,
          status: variables.decision,
        }),
      });
    }
    if (document === ConsoleRequestExperimentSafetyChangesDocument)
      return Promise.resolve({
        requestExperimentSafetyChanges: safety({
          status: 'CHANGES_REQUESTED',
          esiQuestionarySubmittedAt: null,
          instrumentScientistDecision: 'UNSET',
          changesRequestedComment: variables.comment,
        }),
      });
    if (document === ConsoleSetExperimentRiskLevelDocument)
      return Promise.resolve({ setExperimentRiskLevel: safety({ riskLevel: variables.riskLevel }) });
    return Promise.reject(new Error('unexpected request'));
  });
}

function renderPage(features = ['EXPERIMENT_SAFETY_REVIEW']) {
  return render(
    <I18nextProvider i18n={i18n}>
      <StaticSettingsProvider features={features}>
        <MemoryRouter initialEntries={['/ExperimentSafetyReview/12']}>
          <Routes>
            <Route
              path="/ExperimentSafetyReview/:experimentSafetyPk"
              element={<ExperimentSafetyReviewPage />}
            />
          </Routes>
        </MemoryRouter>
      </StaticSettingsProvider>
    </I18nextProvider>,
  );
}

const loads = () => requestMock.mock.calls.filter(([d]) => d === ConsoleExperimentSafetyDocument).length;

beforeEach(() => {
  requestMock.mockReset();
  mockDownload.mockReset();
  currentRole = 'EXPERIMENT_SAFETY_REVIEWER';
});

describe('the experiment safety review page', () => {
  it('sends the safety reviewer’s decision on the ESI version it shows, and shows the answer', async () => {
    answer();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Safety review of experiment 4' })).toBeTruthy();
    expect(screen.getByText('Lysozyme powders')).toBeTruthy();
    const reviewer = screen.getByTestId('reviewer-decision');
    fireEvent.click(within(reviewer).getByRole('radio', { name: 'Accepted' }));
    fireEvent.change(within(reviewer).getByRole('textbox'), { target: { value: 'Fine' } });
    fireEvent.click(within(reviewer).getByRole('button', { name: /^Submit the/ }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(ConsoleSubmitExperimentSafetyReviewerDecisionDocument, {
        experimentSafetyPk: 12,
        esiVersion: 3,
        decision: 'ACCEPTED',
        comment: 'Fine',
      }),
    );
    expect((await screen.findByTestId('safety-outcome')).textContent).toContain('Saved');
    expect(screen.getByTestId('reviewer-current-decision').textContent).toContain('Accepted — Fine');
    // the scientist's decision is shown, not offered to the safety reviewer
    expect(within(screen.getByTestId('scientist-decision')).queryByRole('button')).toBeNull();
  });

  it('shows the server’s refusal beside the button, changes nothing, and reloads on request', async () => {
    answer(STALE);
    renderPage();
    const reviewer = await screen.findByTestId('reviewer-decision');
    fireEvent.click(within(reviewer).getByRole('radio', { name: 'Rejected' }));
    fireEvent.click(within(reviewer).getByRole('button', { name: /^Submit the/ }));
    const refusal = await within(reviewer).findByRole('alert');
    expect(refusal.textContent).toContain(STALE);
    expect(screen.getByTestId('reviewer-current-decision').textContent).toContain('Not decided');
    expect(loads()).toBe(1);
    fireEvent.click(within(refusal).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(loads()).toBe(2));
    await waitFor(() => expect(screen.queryByTestId('safety-outcome')).toBeNull());
  });

  it('offers the instrument scientist their decision and a changes request, not the risk level', async () => {
    currentRole = 'INSTRUMENT_SCIENTIST';
    answer();
    renderPage();
    const scientist = await screen.findByTestId('scientist-decision');
    expect(within(scientist).getByRole('button', { name: /^Submit the/ })).toBeTruthy();
    expect(within(screen.getByTestId('reviewer-decision')).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('risk-level')).queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('risk-level').textContent).toContain('Pending evaluation');
    expect(
      within(screen.getByTestId('request-changes')).getByRole('button', { name: 'Request changes' }),
    ).toBeTruthy();
  });

  it('shows each sample’s safety answers and PDF, and saves its risk level with RISK_ASSESSMENT', async () => {
    answer(null, { samples: [SAMPLE] });
    const { unmount } = renderPage(['EXPERIMENT_SAFETY_REVIEW', 'RISK_ASSESSMENT']);
    const sample = await screen.findByTestId('sample-31');
    expect(await within(sample).findByText('Kept at 4 °C')).toBeTruthy();
    expect(within(sample).getByText('Sample safety input confirmed')).toBeTruthy();
    fireEvent.click(within(sample).getByRole('button', { name: 'Download sample PDF' }));
    expect(mockDownload).toHaveBeenCalledWith('/download/pdf/sample/31', 'Lysozyme crystals.pdf');
    fireEvent.mouseDown(within(sample).getByRole('combobox', { name: /Risk level of Lysozyme crystals/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Elevated risk' }));
    fireEvent.change(within(sample).getByRole('textbox', { name: /Safety comment/ }), {
      target: { value: 'Gloves' },
    });
    fireEvent.click(within(sample).getByRole('button', { name: 'Save risk level' }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(ConsoleUpdateSampleSafetyReviewDocument, {
        sampleId: 31,
        safetyStatus: 'ELEVATED_RISK',
        safetyComment: 'Gloves',
      }),
    );
    expect((await screen.findByTestId('safety-outcome', {}, { timeout: 5000 })).textContent).toContain(
      'Saved',
    );
    unmount();

    // without the feature the sample's risk level is shown, not offered
    answer(null, { samples: [SAMPLE] });
    renderPage();
    const shown = await screen.findByTestId('sample-31');
    expect(within(shown).queryByRole('combobox')).toBeNull();
    expect(shown.textContent).toContain('Pending evaluation');
  });

  it('requests changes with the question and the shown ESI version; the page then shows the reopened ESI', async () => {
    answer();
    renderPage();
    const changes = await screen.findByTestId('request-changes');
    fireEvent.change(within(changes).getByRole('textbox'), { target: { value: 'Which gases?' } });
    fireEvent.click(within(changes).getByRole('button', { name: 'Request changes' }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(ConsoleRequestExperimentSafetyChangesDocument, {
        experimentSafetyPk: 12,
        esiVersion: 3,
        comment: 'Which gases?',
      }),
    );
    expect((await screen.findByTestId('safety-outcome', {}, { timeout: 5000 })).textContent).toContain(
      'Saved',
    );
    expect(screen.getByText('Changes requested: Which gases?')).toBeTruthy();
    expect(screen.getByText('Changes requested')).toBeTruthy(); // the ESI status
  });
});
