import { fireEvent, render, screen, within } from '@testing-library/react';
import { i18n } from '@user-office/frontend-shared/i18n';
import { request } from '@user-office/frontend-shared/graphql-client';
import { StaticSettingsProvider } from '@user-office/frontend-shared/settings';
import { I18nextProvider } from 'react-i18next';
import translation from '../../../../../../shared/locales/en/translation.json';
import { ConsoleProposalAsOfDocument, ConsoleProposalChangesDocument } from '../../../../gql/graphql';
import type { ProposalRecord } from '../../proposals.operations';
import { HistoryTab } from './HistoryTab';

// the GraphQL client is the boundary: the tab's loads go through request(document, variables)
jest.mock('@user-office/frontend-shared/graphql-client', () => ({ request: jest.fn() }));
const requestMock = request as unknown as jest.Mock;
const download = jest.fn();
jest.mock('@user-office/frontend-shared/downloads', () => ({ useDownloads: () => ({ download }) }));

i18n.addResourceBundle('en', 'translation', translation, true, true);

const PROPOSAL = { primaryKey: 5, proposalId: '000005' } as unknown as ProposalRecord;
const PANEL_MET = '2026-03-01T09:00:00.000Z';

const asOf = (at: string, title: string, aim: string) => ({
  proposalPk: 5,
  at,
  existed: true,
  eventCount: 4,
  title,
  fields: [
    { name: 'title', value: JSON.stringify(title), question: null },
    { name: 'answer.aim', value: JSON.stringify(aim), question: 'What is your aim?' },
  ],
  questionary: [
    {
      title: 'About the experiment',
      answers: [
        { questionId: 'aim', question: 'What is your aim?', answered: true, value: JSON.stringify(aim) },
        { questionId: 'energy', question: 'Which energy?', answered: false, value: null },
      ],
    },
  ],
});

beforeEach(() => {
  requestMock.mockReset();
  download.mockReset();
  requestMock.mockImplementation((document: unknown, variables: Record<string, string>) => {
    if (document === ConsoleProposalAsOfDocument)
      return Promise.resolve({
        proposalAsOf:
          variables.at === PANEL_MET
            ? asOf(variables.at, 'Magnetic order', 'first aim')
            : asOf(variables.at, 'Magnetic disorder', 'second aim'),
      });
    if (document === ConsoleProposalChangesDocument)
      return Promise.resolve({
        proposalChanges: [
          {
            position: 9,
            at: '2026-03-02T10:00:00.000Z',
            eventType: 'ProposalUpdated',
            changedBy: 'Pia Tester',
            impersonatedBy: 'Olga Tester',
            field: 'title',
            question: null,
            before: '"Magnetic order"',
            after: '"Magnetic disorder"',
          },
          {
            position: 10,
            at: '2026-03-02T10:01:00.000Z',
            eventType: 'TopicAnswered',
            changedBy: 'Pia Tester',
            impersonatedBy: null,
            field: 'answer.aim',
            question: 'What is your aim?',
            before: '"first aim"',
            after: '"second aim"',
          },
        ],
      });
    return Promise.reject(new Error('unexpected request'));
  });
});

describe('the History tab', () => {
  it('shows the proposal as the panel saw it beside now, the changes with who did it, and offers the CSV', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <StaticSettingsProvider features={[]}>
          <HistoryTab proposal={PROPOSAL} />
        </StaticSettingsProvider>
      </I18nextProvider>,
    );
    const local = new Date(PANEL_MET);
    const pad = (n: number) => String(n).padStart(2, '0');
    fireEvent.change(screen.getByLabelText('Compare from'), {
      target: {
        value: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}:00`,
      },
    });
    const side = await screen.findByRole('table', { name: 'The proposal at both instants' });
    expect(await within(side).findByText('Magnetic order')).toBeTruthy();
    expect(within(side).getByText('first aim')).toBeTruthy();
    expect(within(side).getByText('second aim')).toBeTruthy();
    // an answer is named by its question's text, its key beneath
    expect(within(side).getByText('What is your aim?')).toBeTruthy();
    expect(within(side).getByText('answer.aim')).toBeTruthy();
    const changes = screen.getByRole('table', { name: 'Changes' });
    expect(within(changes).getByText('Pia Tester (by Olga Tester, impersonating)')).toBeTruthy();
    expect(within(changes).getByText('Magnetic disorder')).toBeTruthy();
    expect(within(changes).getByText('What is your aim?')).toBeTruthy();
    // the answers as the questionary: the "As of" instant's, then the "Compare from" one's
    const questionary = screen.getByRole('region', { name: 'The questionary' });
    expect(within(questionary).getByText('About the experiment')).toBeTruthy();
    expect(within(questionary).getByText('second aim')).toBeTruthy();
    expect(within(questionary).getByText('Not answered')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Compare from' }));
    expect(
      within(screen.getByRole('region', { name: 'The questionary' })).getByText('first aim'),
    ).toBeTruthy();
    expect(requestMock).toHaveBeenCalledWith(ConsoleProposalChangesDocument, {
      proposalPk: 5,
      from: PANEL_MET,
      to: expect.any(String),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Changes (CSV)' }));
    expect(download.mock.calls[0][0]).toMatch(
      new RegExp(`^/download/csv/proposal-changes/5\\?from=${encodeURIComponent(PANEL_MET)}&to=`),
    );
  });
});
