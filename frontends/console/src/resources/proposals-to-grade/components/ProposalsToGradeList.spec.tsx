import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@user-office/frontend-shared/i18n';
import { request } from '@user-office/frontend-shared/graphql-client';
import { StaticSettingsProvider } from '@user-office/frontend-shared/settings';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import translation from '../../../../../shared/locales/en/translation.json';
import { ConsoleProposalsToGradeDocument, ConsoleSubmitProposalsReviewDocument } from '../../../gql/graphql';
import '../translations';
import { ProposalsToGradeList } from './ProposalsToGradeList';

jest.mock('@user-office/frontend-shared/graphql-client', () => ({ request: jest.fn() }));
const requestMock = request as unknown as jest.Mock;
const notify = jest.fn();
jest.mock('react-admin', () => ({ useNotify: () => notify, Title: () => null }));
jest.mock('@user-office/frontend-shared/session', () => ({
  useCurrentSession: () => ({ userId: 7, currentRole: 'FAP_REVIEWER' }),
}));
i18n.addResourceBundle('en', 'translation', translation, true, false);

const row = (
  id: number,
  proposalId: string,
  grade: number | null,
  comment: string | null,
  status = 'DRAFT',
) => ({
  id,
  proposalPk: id * 10,
  grade,
  comment,
  status,
  userID: 7,
  fapID: 1,
  proposal: {
    primaryKey: id * 10,
    proposalId,
    title: `Title ${proposalId}`,
    callShortCode: 'C1',
    instrumentShortCodes: ['DIFF'],
  },
});
const ROWS = [
  row(1, '000001', 7, 'Good'),
  row(2, '000002', null, 'No grade'),
  row(3, '000003', 4, '', 'DRAFT'),
];

function renderList(address = '/ProposalsToGrade') {
  requestMock.mockImplementation((document: unknown) => {
    if (document === ConsoleProposalsToGradeDocument)
      return Promise.resolve({ userWithReviews: { id: 7, reviews: ROWS } });
    if (document === ConsoleSubmitProposalsReviewDocument)
      return Promise.resolve({ submitProposalsReview: true });
    return Promise.reject(new Error('unexpected request'));
  });
  render(
    <I18nextProvider i18n={i18n}>
      <StaticSettingsProvider features={['FAP_REVIEW']}>
        <MemoryRouter initialEntries={[address]}>
          <ProposalsToGradeList />
        </MemoryRouter>
      </StaticSettingsProvider>
    </I18nextProvider>,
  );
}

beforeEach(() => {
  requestMock.mockReset();
  notify.mockReset();
});

describe('Proposals to grade', () => {
  it('lists the review rows, a draft as Pre-submission', async () => {
    renderList();
    const first = await screen.findByTestId('review-row-000001');
    expect(within(first).getByText('Pre-submission')).toBeTruthy();
    expect(within(first).getByText('C1')).toBeTruthy();
    expect(within(first).getByText('DIFF')).toBeTruthy();
    expect(requestMock).toHaveBeenCalledWith(ConsoleProposalsToGradeDocument, { reviewer: 'ME' });
  });

  it('warns with the IDs of the reviews missing a grade or comment, and still submits on confirm', async () => {
    renderList();
    await screen.findByTestId('review-row-000001');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every review' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit reviews' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/000002, 000003/)).toBeTruthy();
    expect(within(dialog).queryByText(/000001/)).toBeNull();
    await userEvent.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(ConsoleSubmitProposalsReviewDocument, {
        proposals: [
          { proposalPk: 10, reviewId: 1 },
          { proposalPk: 20, reviewId: 2 },
          { proposalPk: 30, reviewId: 3 },
        ],
      }),
    );
    expect(notify).toHaveBeenCalledWith('Your review has been submitted successfully.', { type: 'success' });
  });

  it('disables submitting when the filter is "All"', async () => {
    renderList('/ProposalsToGrade?reviewer=ALL');
    await screen.findByTestId('review-row-000001');
    expect(requestMock).toHaveBeenCalledWith(ConsoleProposalsToGradeDocument, { reviewer: 'ALL' });
    expect((screen.getByRole('button', { name: 'Submit reviews' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
  });
});
