import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { proposalFixture } from '../test/fixtures';
import { mockGraphql, renderPortal } from '../test/harness';
import { ProposalEdit } from './ProposalEdit';

const PATH = '/ProposalEdit/:proposalPk';

describe('ProposalEdit', () => {
  it('shows "Proposal not found" with a Retry button', async () => {
    const calls = mockGraphql({ ProposalsProposal: () => ({ getProposal: null }) });
    renderPortal(<ProposalEdit />, { route: '/ProposalEdit/404', path: PATH });
    expect(await screen.findByText('Proposal not found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.filter((c) => c.operation === 'ProposalsProposal')).toHaveLength(2));
    expect(screen.getByText('Proposal not found')).toBeTruthy();
  });

  it('submits from the Review step and shows the call’s submission message', async () => {
    let proposal = proposalFixture();
    const calls = mockGraphql({
      ProposalsProposal: () => ({ getProposal: proposal }),
      ProposalsSubmit: ({ proposalPk }) => {
        proposal = proposalFixture({
          submitted: true,
          proposalId: 'UO26-0001',
          publicStatus: 'submitted',
          submittedDate: '2025-03-05T09:00:00.000Z',
          status: { id: 2, name: 'Submitted (locked)', shortCode: 'SUBMITTED_LOCKED' },
        });
        return { submitProposal: { primaryKey: proposalPk, proposalId: 'UO26-0001', submitted: true } };
      },
      ProposalsSubmissionDetails: ({ callId }) => ({
        getCallSubmissionDetails: { callId, submissionMessage: 'Thank you! The panel meets in June.' },
      }),
    });
    renderPortal(<ProposalEdit />, { route: '/ProposalEdit/5', path: PATH });
    // every step complete: the wizard opens the review step
    expect(await screen.findByRole('heading', { level: 2, name: 'Review and submit' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Magnetic order' })).toBeTruthy();
    expect(screen.getByTestId('proposal-reference').textContent).toContain(
      'Pre-submission reference: 000005',
    );
    const summary = screen.getByRole('table', { name: 'Experiment' });
    expect(within(summary).getByRole('rowheader', { name: 'What is the aim?' })).toBeTruthy();
    expect(within(summary).getByText('Find the order')).toBeTruthy();
    expect(within(summary).getByText('Yes')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'New proposal' })).getByText('Cole Proposer'),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Thank you! The panel meets in June.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('proposal-reference').textContent).toContain('UO26-0001'));
    expect(screen.getByText('This proposal has been submitted and can no longer be changed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('button', { name: 'Submitted' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(calls.find((c) => c.operation === 'ProposalsSubmit')?.variables).toEqual({ proposalPk: 5 });
  });

  it('falls back to the default submission message', async () => {
    mockGraphql({
      ProposalsProposal: () => ({ getProposal: proposalFixture() }),
      ProposalsSubmit: () => ({ submitProposal: { primaryKey: 5, proposalId: '000005', submitted: true } }),
      ProposalsSubmissionDetails: () => ({ getCallSubmissionDetails: { callId: 1, submissionMessage: '' } }),
    });
    renderPortal(<ProposalEdit />, { route: '/ProposalEdit/5', path: PATH });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(
      await screen.findByText(
        'Your proposal has been submitted successfully. You will receive a confirmation email soon.',
      ),
    ).toBeTruthy();
  });

  it('explains why a draft in a closed call is read-only', async () => {
    const closed = proposalFixture();
    mockGraphql({
      ProposalsProposal: () => ({
        getProposal: { ...closed, call: { ...closed.call, isActive: false, isActiveInternal: false } },
      }),
    });
    renderPortal(<ProposalEdit />, { route: '/ProposalEdit/5', path: PATH });
    expect(
      await screen.findByText('The call of this proposal is closed, so it can no longer be changed.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('validates the proposal title on the basis step before saving', async () => {
    const calls = mockGraphql({
      ProposalsProposal: () => ({ getProposal: proposalFixture({ title: '' }, false) }),
    });
    renderPortal(<ProposalEdit />, { route: '/ProposalEdit/5', path: PATH });
    const title = await screen.findByRole('textbox', { name: /Proposal Title/ });
    expect(screen.getByRole('textbox', { name: /Principal Investigator/ })).toBeTruthy();
    await userEvent.click(title);
    await userEvent.paste('x'.repeat(176));
    await userEvent.click(screen.getByRole('button', { name: /Save and continue/i }));
    expect(await screen.findByText('Please make abstract at most 175 characters long')).toBeTruthy();
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: /Save and continue/i }));
    expect(await screen.findByText('Proposal Title is required')).toBeTruthy();
    expect(calls.some((c) => c.operation === 'ProposalsUpdate')).toBe(false);
  });
});
