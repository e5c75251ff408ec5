import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@user-office/frontend-shared/i18n';
import { request } from '@user-office/frontend-shared/graphql-client';
import { I18nextProvider } from 'react-i18next';
import translation from '../../../../../shared/locales/en/translation.json';
import { ConsoleAddUserForReviewDocument, ConsoleConflictsOfInterestDocument } from '../../../gql/graphql';
import '../translations';
import { AddReviewerDialog } from './AddReviewerDialog';

jest.mock('@user-office/frontend-shared/graphql-client', () => ({ request: jest.fn() }));
const requestMock = request as unknown as jest.Mock;
const notify = jest.fn();
jest.mock('react-admin', () => ({ useNotify: () => notify }));
i18n.addResourceBundle('en', 'translation', translation, true, false);

const person = (id: number, firstname: string, lastname: string) => ({
  id,
  firstname,
  lastname,
  email: null,
});
const MEMBERS = [
  {
    userId: 1,
    user: person(1, 'Pat', 'Proposer'),
    conflicts: [{ kind: 'PROPOSER', hard: true, reason: 'principal investigator' }],
  },
  {
    userId: 2,
    user: person(2, 'Ines', 'Institute'),
    conflicts: [{ kind: 'INSTITUTION', hard: false, reason: 'same institution as the PI (ILL)' }],
  },
  { userId: 3, user: person(3, 'Rita', 'Reviewer'), conflicts: [] },
];

function renderDialog(onClose = jest.fn()) {
  requestMock.mockImplementation((document: unknown) => {
    if (document === ConsoleConflictsOfInterestDocument)
      return Promise.resolve({ conflictsOfInterest: MEMBERS });
    if (document === ConsoleAddUserForReviewDocument) return Promise.resolve({ addUserForReview: { id: 9 } });
    return Promise.reject(new Error('unexpected request'));
  });
  render(
    <I18nextProvider i18n={i18n}>
      <AddReviewerDialog open fapId={4} proposalPk={40} proposalId="000040" assigned={[]} onClose={onClose} />
    </I18nextProvider>,
  );
  return onClose;
}

beforeEach(() => requestMock.mockReset());

describe('AddReviewerDialog (conflicts of interest flagged by the server)', () => {
  it('shows each conflict with its reason; a PI or co-proposer cannot be picked', async () => {
    renderDialog();
    await userEvent.click(await screen.findByRole('combobox', { name: /Reviewer/ }));
    const list = screen.getByRole('listbox');
    expect(within(list).getByText('Cannot be assigned: principal investigator')).toBeTruthy();
    expect(
      within(list)
        .getByRole('option', { name: /Pat Proposer/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    expect(within(list).getByText('Conflict of interest: same institution as the PI (ILL)')).toBeTruthy();
  });

  it('needs an override reason for a soft conflict and sends it', async () => {
    const onClose = renderDialog();
    await userEvent.click(await screen.findByRole('combobox', { name: /Reviewer/ }));
    await userEvent.click(screen.getByRole('option', { name: /Ines Institute/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Type why the conflict is overridden')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Override reason/ }), 'Different department');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(ConsoleAddUserForReviewDocument, {
        fapID: 4,
        proposalPk: 40,
        userID: 2,
        overrideReason: 'Different department',
      }),
    );
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('assigns a member without conflicts directly', async () => {
    renderDialog();
    await userEvent.click(await screen.findByRole('combobox', { name: /Reviewer/ }));
    await userEvent.click(screen.getByRole('option', { name: /Rita Reviewer/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(ConsoleAddUserForReviewDocument, {
        fapID: 4,
        proposalPk: 40,
        userID: 3,
        overrideReason: null,
      }),
    );
  });
});
