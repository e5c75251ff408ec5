import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PI, proposalFixture } from '../test/fixtures';
import { mockGraphql, renderPortal } from '../test/harness';
import { ProposalCreate } from './ProposalCreate';
import { ProposalSelectType } from './ProposalSelectType';

describe('ProposalSelectType', () => {
  it('lists the open calls and goes on to /ProposalCreate/{callId}/{templateId}', async () => {
    const calls = mockGraphql({
      ProposalsOpenCalls: () => ({
        getCalls: [
          {
            id: 3,
            shortCode: 'CALL-3',
            title: 'Spring call',
            description: 'Neutrons for everyone',
            startCall: '2025-01-01T00:00:00.000Z',
            endCall: '2025-06-30T12:00:00.000Z',
            endCallInternal: '2025-07-30T12:00:00.000Z',
            isActive: true,
            isActiveInternal: true,
            callEnded: false,
            templateId: 12,
          },
        ],
      }),
    });
    renderPortal(<ProposalSelectType />, { route: '/ProposalSelectType', path: '/ProposalSelectType' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Spring call' })).toBeTruthy();
    expect(screen.getByText('Neutrons for everyone')).toBeTruthy();
    expect(screen.getByText('Closes on 30-06-2025')).toBeTruthy();
    expect(calls[0].variables).toEqual({ filter: { isActive: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Create a proposal in Spring call' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });
});

describe('ProposalCreate', () => {
  it('creates the proposal on the first save, answers into its questionary and moves to /ProposalEdit/{pk}', async () => {
    const steps = proposalFixture({}, false).questionary.steps;
    const calls = mockGraphql({
      ProposalsBlankSteps: () => ({
        getBlankQuestionaryStepsByCallId: steps,
        getCall: {
          id: 1,
          shortCode: 'CALL-1',
          title: 'Spring call',
          isActive: true,
          isActiveInternal: true,
          templateId: 1,
        },
      }),
      ProposalsUserDetails: () => ({ getBasicUserDetails: PI }),
      ProposalsCreate: () => ({ createProposal: { primaryKey: 77, questionaryId: 770 } }),
      ProposalsUpdate: () => ({
        updateProposal: { primaryKey: 77, title: 'Spin waves', abstract: 'Inelastic.' },
      }),
      QuestionaryAnswerTopic: () => ({ answerTopic: null }),
    });
    renderPortal(<ProposalCreate />, {
      route: '/ProposalCreate/1/1',
      path: '/ProposalCreate/:callId/:templateId',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'New proposal' })).toBeTruthy();
    const title = await screen.findByRole('textbox', { name: /Proposal Title/ });
    await waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: 'Principal Investigator' }) as HTMLInputElement).value,
      ).toBe('Pia Investigator'),
    );
    // nothing exists before the first save
    expect(calls.some((c) => c.operation === 'ProposalsCreate')).toBe(false);
    await userEvent.type(title, 'Spin waves');
    await userEvent.type(screen.getByRole('textbox', { name: /Proposal Abstract/ }), 'Inelastic.');
    await userEvent.click(screen.getByRole('button', { name: /^Save$/i }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(
      calls
        .map((c) => c.operation)
        .filter((o) => o !== 'ProposalsBlankSteps' && o !== 'ProposalsUserDetails'),
    ).toEqual(['ProposalsCreate', 'ProposalsUpdate', 'QuestionaryAnswerTopic']);
    expect(calls.find((c) => c.operation === 'ProposalsCreate')?.variables).toEqual({ callId: 1 });
    expect(calls.find((c) => c.operation === 'ProposalsUpdate')?.variables).toEqual({
      proposalPk: 77,
      title: 'Spin waves',
      abstract: 'Inelastic.',
      users: [],
      proposerId: PI.id,
    });
    expect(calls.find((c) => c.operation === 'QuestionaryAnswerTopic')?.variables).toMatchObject({
      questionaryId: 770,
      topicId: 1,
    });
  });
});
