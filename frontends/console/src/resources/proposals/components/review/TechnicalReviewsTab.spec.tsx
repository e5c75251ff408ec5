import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@user-office/frontend-shared/i18n';
import { request } from '@user-office/frontend-shared/graphql-client';
import { StaticSettingsProvider } from '@user-office/frontend-shared/settings';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import translation from '../../../../../../shared/locales/en/translation.json';
import {
  ConsoleAddTechnicalReviewDocument,
  ConsoleCreateInternalReviewDocument,
  ConsoleInstrumentsByIdsMinimalDocument,
  ConsoleInternalReviewersDocument,
  ConsoleInternalReviewsDocument,
  ConsoleProposalScientistCommentDocument,
  ConsoleTechnicalReviewsDocument,
} from '../../../../gql/graphql';
import type { ProposalRecord } from '../../proposals.operations';
import { TechnicalReviewsTab } from './TechnicalReviewsTab';

// the GraphQL client is the boundary: every load and command goes through request(document, variables)
jest.mock('@user-office/frontend-shared/graphql-client', () => ({ request: jest.fn() }));
const requestMock = request as unknown as jest.Mock;
const notify = jest.fn();
jest.mock('react-admin', () => ({ useNotify: () => notify }));
let currentRole = 'INSTRUMENT_SCIENTIST';
jest.mock('@user-office/frontend-shared/session', () => ({
  useCurrentSession: () => ({ userId: 7, currentRole }),
}));

// this worktree's texts (the shared package the apps resolve may be another checkout's)
i18n.addResourceBundle('en', 'translation', translation, true, true);

const PROPOSAL = {
  primaryKey: 5,
  proposalId: '000005',
  call: { id: 1, shortCode: 'C1', allocationTimeUnit: 'DAY' },
} as unknown as ProposalRecord;

const review = (overrides: Record<string, unknown> = {}) => ({
  id: 31,
  proposalPk: 5,
  instrumentId: 2,
  status: 'UNFEASIBLE',
  timeAllocation: null,
  comment: null,
  publicComment: null,
  submitted: false,
  files: [],
  technicalReviewAssigneeId: 7,
  reviewerId: null,
  questionaryId: null,
  ...overrides,
});

function answer(reviews: ReturnType<typeof review>[], internal: unknown[] = []) {
  requestMock.mockImplementation((document: unknown, variables: Record<string, unknown>) => {
    if (document === ConsoleTechnicalReviewsDocument) return Promise.resolve({ technicalReviews: reviews });
    if (document === ConsoleInstrumentsByIdsMinimalDocument)
      return Promise.resolve({
        getInstrumentsByIdsMinimal: [{ id: 2, name: 'Diffractometer', shortCode: 'DIFF' }],
      });
    if (document === ConsoleInternalReviewsDocument) return Promise.resolve({ internalReviews: internal });
    if (document === ConsoleProposalScientistCommentDocument)
      return Promise.resolve({ proposalScientistComment: null });
    if (document === ConsoleAddTechnicalReviewDocument)
      return Promise.resolve({ addTechnicalReview: { ...review(), ...variables } });
    if (document === ConsoleInternalReviewersDocument)
      return Promise.resolve({
        getUsers: {
          totalCount: variables.filter === 'Internal' ? 1 : 0,
          users:
            variables.filter === 'Internal'
              ? [{ id: 40, firstname: 'Ina', lastname: 'Internal', preferredname: null }]
              : [],
        },
      });
    if (document === ConsoleCreateInternalReviewDocument)
      return Promise.resolve({ createInternalReview: { id: 1 } });
    return Promise.reject(new Error('unexpected request'));
  });
}

function renderTab(node: ReactNode = <TechnicalReviewsTab proposal={PROPOSAL} />) {
  return render(
    <I18nextProvider i18n={i18n}>
      <StaticSettingsProvider features={['TECHNICAL_REVIEW']}>{node}</StaticSettingsProvider>
    </I18nextProvider>,
  );
}

beforeEach(() => {
  requestMock.mockReset();
  notify.mockReset();
  currentRole = 'INSTRUMENT_SCIENTIST';
});

describe('the Technical reviews tab', () => {
  it('validates the assignee’s review with the §5 messages and saves it through addTechnicalReview', async () => {
    answer([review({ status: null })]);
    renderTab();
    const form = await screen.findByRole('form', { name: 'Technical review' });
    expect(screen.getByRole('heading', { name: 'Diffractometer (DIFF)' })).toBeTruthy();
    const time = within(form).getByRole('spinbutton', { name: /Time allocation/ });
    fireEvent.change(time, { target: { value: '-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Status is required')).toBeTruthy();
    expect(within(form).getByText('Must be greater than or equal to 0')).toBeTruthy();
    fireEvent.change(time, { target: { value: '100001' } });
    expect(await within(form).findByText('Must be less than or equal to 100000')).toBeTruthy();
    expect(requestMock.mock.calls.some(([d]) => d === ConsoleAddTechnicalReviewDocument)).toBe(false);

    fireEvent.change(time, { target: { value: '12' } });
    await userEvent.click(within(form).getByRole('combobox', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Feasible' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /public/ }), {
      target: { value: 'Fine by us' },
    });
    expect(within(form).getByText('10/6000')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(ConsoleAddTechnicalReviewDocument, {
        proposalPk: 5,
        instrumentId: 2,
        status: 'FEASIBLE',
        timeAllocation: 12,
        comment: null,
        publicComment: 'Fine by us',
        submitted: false,
        questionaryId: null,
        files: [],
      }),
    );
  });

  it('shows another scientist’s review read-only, and says when there are none', async () => {
    answer([review({ technicalReviewAssigneeId: 8 })]);
    const { unmount } = renderTab();
    const form = await screen.findByRole('form', { name: 'Technical review' });
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('View only: you are not assigned to this review')).toBeTruthy();
    unmount();
    answer([]);
    renderTab();
    expect(await screen.findByText('No technical reviews found for the selected proposal')).toBeTruthy();
  });

  it('lets an officer create an internal review: title and reviewer required, reviewers found by surname', async () => {
    currentRole = 'USER_OFFICER';
    answer([review()]);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Create internal review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create internal review' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Internal reviewer is required')).toBeTruthy();

    const reviewer = within(dialog).getByRole('combobox', { name: /Internal reviewer/ });
    await userEvent.type(reviewer, 'Nobody');
    expect(
      await screen.findByText('No Internal Reviewers found with that surname', {}, { timeout: 2000 }),
    ).toBeTruthy();
    await userEvent.clear(reviewer);
    await userEvent.type(reviewer, 'Internal');
    await userEvent.click(await screen.findByRole('option', { name: 'Ina Internal' }, { timeout: 2000 }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), {
      target: { value: 'Shielding' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(ConsoleCreateInternalReviewDocument, {
        input: { title: 'Shielding', comment: null, reviewerId: 40, technicalReviewId: 31, files: '[]' },
      }),
    );
    expect(notify).toHaveBeenCalledWith('Internal review created successfully!', { type: 'success' });
  });

  it('lets an internal reviewer edit only their own internal review, and neither create nor delete', async () => {
    currentRole = 'INTERNAL_REVIEWER';
    const base = { comment: null, technicalReviewId: 31, createdAt: '2025-01-01T00:00:00Z', files: [] };
    answer(
      [review({ technicalReviewAssigneeId: 8 })],
      [
        { ...base, id: 1, title: 'Mine', reviewerId: 7, reviewer: { id: 7, firstname: 'Me', lastname: 'R' } },
        {
          ...base,
          id: 2,
          title: null,
          reviewerId: 9,
          reviewer: { id: 9, firstname: 'Other', lastname: 'R' },
        },
      ],
    );
    renderTab();
    const items = await screen.findAllByTestId('internal-review');
    expect(within(items[0]).getByRole('button', { name: 'Edit internal review' })).toBeTruthy();
    expect(within(items[1]).queryByRole('button', { name: 'Edit internal review' })).toBeNull();
    expect(within(items[1]).getByText('Only its internal reviewer sees the title and comment')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create internal review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    // internal reviewers do not see the scientist comment
    expect(screen.queryByText('Scientist comment')).toBeNull();
  });
});
