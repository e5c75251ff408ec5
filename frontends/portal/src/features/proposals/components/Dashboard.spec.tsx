import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphql, renderPortal } from '../test/harness';
import { Dashboard } from './Dashboard';

const call = { id: 1, shortCode: 'CALL-1', title: 'Spring call', isActive: true, isActiveInternal: true };

function row(primaryKey: number, overrides: Record<string, unknown> = {}) {
  return {
    primaryKey,
    proposalId: String(primaryKey).padStart(6, '0'),
    title: `Proposal ${primaryKey}`,
    statusId: 1,
    status: { id: 1, name: 'Draft', shortCode: 'DRAFT' },
    publicStatus: 'draft',
    submitted: false,
    created: '2025-03-04T10:00:00.000Z',
    callId: 1,
    proposerId: 7,
    call,
    ...overrides,
  };
}

describe('My proposals (Dashboard)', () => {
  it('lists the proposals with the DATE_FORMAT date and offers delete only on the PI’s drafts', async () => {
    mockGraphql({
      ProposalsMine: () => ({
        getUserProposals: [
          row(101),
          row(102, {
            submitted: true,
            publicStatus: 'submitted',
            status: { id: 2, name: 'Submitted (locked)', shortCode: 'SUBMITTED_LOCKED' },
            created: '2024-12-31T23:30:00.000Z',
          }),
          row(103, { proposerId: 99 }),
        ],
      }),
    });
    renderPortal(<Dashboard />);
    expect(screen.getByRole('heading', { level: 1, name: 'My proposals' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'My proposals' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Actions', 'Proposal ID', 'Title', 'Status', 'Call', 'Created']);

    const draft = within(screen.getByTestId('proposal-row-101'));
    expect(draft.getByText('04-03-2025')).toBeTruthy();
    expect(draft.getByText('CALL-1')).toBeTruthy();
    expect(draft.getByRole('button', { name: 'Delete proposal 000101' })).toBeTruthy();
    expect(draft.getByRole('button', { name: 'Edit proposal 000101' })).toBeTruthy();

    const submitted = within(screen.getByTestId('proposal-row-102'));
    expect(submitted.getByText('31-12-2024')).toBeTruthy();
    expect(submitted.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(submitted.getByRole('button', { name: 'View proposal 000102' })).toBeTruthy();
    expect(submitted.getByRole('button', { name: 'Clone proposal 000102' })).toBeTruthy();
    expect(submitted.getByRole('button', { name: 'Download proposal 000102 as PDF' })).toBeTruthy();

    // a co-proposer's draft: only the PI deletes
    expect(
      within(screen.getByTestId('proposal-row-103')).queryByRole('button', { name: /Delete/ }),
    ).toBeNull();
    // no Join proposal without EMAIL_INVITE
    expect(screen.queryByRole('button', { name: 'Join proposal' })).toBeNull();
    expect(screen.getByRole('link', { name: 'New Proposal' }).getAttribute('href')).toBe(
      '/ProposalSelectType',
    );
  });

  it('shows "The list is empty" without proposals', async () => {
    mockGraphql({ ProposalsMine: () => ({ getUserProposals: [] }) });
    renderPortal(<Dashboard />);
    expect(await screen.findByText('The list is empty')).toBeTruthy();
  });

  it('deletes a draft after confirmation', async () => {
    let rows = [row(101)];
    const calls = mockGraphql({
      ProposalsMine: () => ({ getUserProposals: rows }),
      ProposalsDelete: ({ proposalPk }) => {
        rows = [];
        return { deleteProposal: { primaryKey: proposalPk } };
      },
    });
    renderPortal(<Dashboard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete proposal 000101' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure you want to delete the proposal "Proposal 101"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('The list is empty')).toBeTruthy();
    expect(calls.find((c) => c.operation === 'ProposalsDelete')?.variables).toEqual({ proposalPk: 101 });
  });

  it('joins a proposal by invitation code (EMAIL_INVITE) and reloads the list', async () => {
    let rows: ReturnType<typeof row>[] = [];
    const calls = mockGraphql({
      ProposalsMine: () => ({ getUserProposals: rows }),
      ProposalsAcceptInvite: ({ code }) => {
        if (code !== 'ABC123') throw new Error('This invitation code is not valid');
        rows = [row(201, { proposerId: 5 })];
        return { acceptInvite: { primaryKey: 201 } };
      },
    });
    renderPortal(<Dashboard />, { features: ['EMAIL_INVITE'] });
    await screen.findByText('The list is empty');
    await userEvent.click(screen.getByRole('button', { name: 'Join proposal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join proposal' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(within(dialog).getByText('An invitation code is required')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Invitation code/), 'nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await within(dialog).findByText('This invitation code is not valid')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText(/Invitation code/));
    await userEvent.type(within(dialog).getByLabelText(/Invitation code/), 'ABC123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Code verification successful')).toBeTruthy();
    expect(await screen.findByTestId('proposal-row-201')).toBeTruthy();
    expect(calls.filter((c) => c.operation === 'ProposalsMine')).toHaveLength(2);
  });

  it('clones a proposal into an open call', async () => {
    const calls = mockGraphql({
      ProposalsMine: () => ({ getUserProposals: [row(101)] }),
      ProposalsCallsMinimal: () => ({
        getCallsMinimal: [{ ...call, id: 3, shortCode: 'AUTUMN', title: 'Autumn call', callEnded: false }],
      }),
      ProposalsClone: () => ({ cloneProposals: [{ primaryKey: 150, title: 'Copy of Proposal 101' }] }),
    });
    renderPortal(<Dashboard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Clone proposal 000101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clone proposal to call' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clone proposal' }));
    expect(within(dialog).getByText('You must select active call')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Call' }));
    await userEvent.click(await screen.findByRole('option', { name: 'AUTUMN – Autumn call' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clone proposal' }));
    expect(await screen.findByText('Proposal cloned successfully')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.operation === 'ProposalsClone')?.variables).toEqual({
        callId: 3,
        proposalsToClonePk: [101],
      }),
    );
  });
});
